import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

/*
 * Every language all the way down: no page widens a phone's screen in German (long words) or
 * Arabic (right to left), members' own words keep their direction in the Arabic interface, and a
 * notification is read in the language the reader shows now.
 */

const PHONE = { width: 390, height: 844 };

/** The main pages of a walk through the site, for everyone. */
const PUBLIC_PAGES = [
  "/",
  "/discussions",
  "/members",
  "/videos",
  "/subscription",
  "/help",
  "/help/guidelines",
  "/faq",
  "/about",
  "/privacy",
  "/terms",
  "/refunds",
  "/sitemap",
  "/search?q=moon",
  "/auth",
  "/auth?tab=signup",
  "/no-such-page",
];
/** …and those of a signed-in member. */
const MEMBER_PAGES = [
  "/dashboard",
  "/profile",
  "/settings",
  "/messages",
  "/notifications",
  "/explore",
  "/checkout",
  "/billing",
  "/discussions/new",
  "/add-video",
];

/** Chooses the interface language the way the language menu does: the cookie the server reads. */
async function useLanguage(context: BrowserContext, locale: string, baseURL: string) {
  await context.addCookies([{ name: "i18nextLng", value: locale, url: baseURL }]);
}

/** Pages (by path) whose document is wider than the screen, with the widest element's outline. */
async function overflowing(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    const sizes = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    if (sizes.scroll > sizes.client) wide.push(`${path}: ${sizes.scroll} > ${sizes.client}`);
  }
  return wide;
}

/** A thread and a public profile from the seeded community, reached by their links. */
async function contentPages(page: Page) {
  await page.goto("/discussions");
  const thread = await page
    .getByTestId("post-row")
    .first()
    .getByRole("heading")
    .getByRole("link")
    .getAttribute("href");
  const profile = await page
    .getByTestId("post-row")
    .first()
    .locator("a[href^='/profile/']")
    .getAttribute("href");
  return [thread!, profile!];
}

for (const locale of ["de", "ar"]) {
  test.describe(`at 390 px in ${locale}`, () => {
    test.use({ viewport: PHONE });
    test.setTimeout(120_000);

    test(`no page of a guest's walk is wider than the screen (${locale})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await useLanguage(context, locale, baseURL!);
      const pages = [...PUBLIC_PAGES, ...(await contentPages(page))];
      expect(await overflowing(page, pages)).toEqual([]);
    });

    test(`no page of a member's walk is wider than the screen (${locale})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await signUpNewMember(page, `Narrow ${locale}`);
      await useLanguage(context, locale, baseURL!);
      const pages = [...PUBLIC_PAGES, ...MEMBER_PAGES, ...(await contentPages(page))];
      expect(await overflowing(page, pages)).toEqual([]);
    });
  });
}

test("the tab's title follows a language switch, and the next page's too", async ({ page }) => {
  await page.goto("/subscription");
  await expect(page).toHaveTitle("Membership · Sanctuary");
  await page.getByTestId("language-docked").click();
  await page.getByRole("menuitem", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle("Mitgliedschaft · Sanctuary");
  await page.getByTestId("language-docked").click();
  await page.getByRole("menuitem", { name: "日本語" }).click();
  await expect(page).toHaveTitle("メンバーシップ · Sanctuary");
  await page.getByRole("contentinfo").getByRole("link", { name: "ディスカッション" }).click();
  await expect(page).toHaveURL(/\/discussions$/);
  await expect(page).toHaveTitle("ディスカッション · Sanctuary");
});

/** A signed-in page for an account, in its own browser context. */
async function memberPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

test("an English post keeps its own direction in the Arabic interface", async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await memberPage(browser, ACCOUNTS.premium);
  const title = `Stand barefoot on the moss ${Date.now()}!`;
  await page.goto("/discussions/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption({ label: "General Discussion" });
  await page.getByLabel("Your post").fill("Stand barefoot.\n\nقف حافي القدمين.");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await useLanguage(context, "ar", baseURL!);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const heading = page.getByRole("heading", { level: 1, name: title });
  await expect(heading).toHaveAttribute("dir", "auto");
  // The browser resolves the member's text to its own direction: the "!" stays at its end.
  expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  const paragraphs = page.getByRole("article").first().locator(".prose-content p");
  await expect(paragraphs).toHaveCount(2);
  expect(
    await paragraphs.evaluateAll((elements) =>
      elements.map((element) => [element.getAttribute("dir"), getComputedStyle(element).direction]),
    ),
  ).toEqual([
    ["auto", "ltr"],
    ["auto", "rtl"],
  ]);
  // The breadcrumb names the post by its title, in its own direction, after a mirrored separator.
  const current = page
    .getByRole("navigation", { name: "مسار التنقل" })
    .locator("[aria-current=page]");
  await expect(current).toHaveText(title);
  expect(await current.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  const separator = page.getByTestId("breadcrumb-separator").first();
  expect(await separator.evaluate((element) => getComputedStyle(element).scale)).toBe("-1 1");
  await context.close();
});

test("a notification is stored once and read in the reader's language, naming the post", async ({
  browser,
  baseURL,
}) => {
  const author = await browser.newContext();
  const authorPage = await author.newPage();
  await signUpNewMember(authorPage, "Nadia Notified");
  // A new member's first post waits for a moderator; the decision is the notification.
  const title = `Moon water for beginners ${Date.now()}`;
  await authorPage.goto("/discussions/new");
  await authorPage.getByLabel("Title").fill(title);
  await authorPage.getByLabel("Category").selectOption({ label: "General Discussion" });
  await authorPage
    .getByLabel("Your post")
    .fill("Leave a jar of water under the full moon overnight.");
  await authorPage.getByRole("button", { name: "Publish" }).click();
  await expect(authorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const { context: admin, page: adminPage } = await memberPage(browser, ACCOUNTS.admin);
  await adminPage.goto("/admin/moderation");
  const pending = adminPage.getByTestId("pending-post").filter({ hasText: title });
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(pending).toHaveCount(0);
  await admin.close();

  await authorPage.goto("/notifications");
  const list = authorPage.getByTestId("notification-list");
  await expect(list.getByText("Your contribution is live")).toBeVisible();
  await expect(
    list.getByText(`A moderator approved your discussion “${title}”. Everyone can see it now.`),
  ).toBeVisible();

  // The same notification, now read in German and in Arabic.
  await useLanguage(author, "de", baseURL!);
  await authorPage.reload();
  await expect(list.getByText("Dein Beitrag ist online")).toBeVisible();
  await expect(
    list.getByText(
      `Das Moderationsteam hat deine Diskussion „${title}“ freigegeben. Jetzt können sie alle sehen.`,
    ),
  ).toBeVisible();
  await useLanguage(author, "ar", baseURL!);
  await authorPage.reload();
  await expect(list.getByText("مساهمتك منشورة الآن")).toBeVisible();
  const message = list.getByText(
    `وافق أحد المشرفين على نقاشك «${title}». أصبح بإمكان الجميع رؤيته الآن.`,
  );
  await expect(message).toBeVisible();
  // The English title inside the Arabic sentence is isolated, so its direction cannot move the punctuation.
  await expect(message.locator("bdi")).toHaveText(title);
  await author.close();
});
