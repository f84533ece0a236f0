import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, openMenu, signIn, waitForHydration } from "./fixtures";

/*
 * The interface texts come in bundles (app/i18n/bundles.ts): every page downloads the shell's
 * and those of its own routes, and a client navigation brings the next page's before showing it.
 */

const de = JSON.parse(readFileSync("app/i18n/locales/de.json", "utf8")) as {
  header: { admin: string };
  admin: { overview: string; overviewText: string };
  errors: { notFound: string };
  discussions: { title: string };
  subscription: { free: { text: string } };
};

/** The bundles of texts the page downloads from now on, as "locale/bundle". */
function textsRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on("request", (request) => {
    const match = /\/i18n\/([a-z]{2})\/([a-z]+)\.[\w-]+\.json$/.exec(
      new URL(request.url()).pathname,
    );
    if (match) requested.push(`${match[1]}/${match[2]}`);
  });
  return requested;
}

test("a guest's first page downloads the shell's texts and its own, not the admin's", async ({
  page,
}) => {
  const requested = textsRequests(page);
  await page.goto("/discussions");
  await waitForHydration(page);
  expect([...new Set(requested)].sort()).toEqual(["en/discussions", "en/shell"]);
  const preloaded = await page
    .locator("link[data-i18n-bundle]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("data-i18n-bundle")));
  expect(preloaded.sort()).toEqual(["discussions", "shell"]);
  // A client navigation brings the next page's texts: the home page's.
  await page.getByRole("banner").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => requested).toContain("en/home");
  expect(requested).not.toContain("en/admin");
});

test("a client navigation to an admin page shows its texts in German", async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await context.addCookies([{ name: "i18nextLng", value: "de", url: baseURL! }]);
  const requested = textsRequests(page);
  await page.goto("/discussions");
  await waitForHydration(page);
  await expect(page).toHaveTitle(`${de.discussions.title} · Sanctuary`);
  expect(requested).not.toContain("de/admin");
  // Whatever the page shows on the way, it never shows an admin text's key in its place.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { keysSeen: string[] }).keysSeen = seen;
    new MutationObserver(() => {
      const text = document.body.innerText;
      if (/\badmin\.[a-z]/.test(text)) seen.push(text.slice(0, 200));
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await openMenu(
    page.getByTestId("user-menu"),
    page.getByRole("menuitem", { name: de.header.admin, exact: true }),
  );
  await page.getByRole("menuitem", { name: de.header.admin, exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(de.admin.overviewText)).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("admin.");
  expect(requested).toContain("de/admin");
  expect(await page.evaluate(() => (window as unknown as { keysSeen: string[] }).keysSeen)).toEqual(
    [],
  );
});

test("an error page is titled in the page's language", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "i18nextLng", value: "de", url: baseURL! }]);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(`${de.errors.notFound} · Sanctuary`);
  await waitForHydration(page);
  await expect(page).toHaveTitle(`${de.errors.notFound} · Sanctuary`);
});

test("the server renders every text, whatever the browser downloads", async ({ request }) => {
  const html = await (
    await request.get("/subscription", { headers: { cookie: "i18nextLng=de" } })
  ).text();
  expect(html).toContain(de.subscription.free.text);
  expect(html).not.toMatch(/>\s*(subscription|nav|header|footer)\.[a-zA-Z.]+\s*</);
});
