import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember, waitForHydration } from "./fixtures";
import { expectNoHorizontalOverflow } from "./layout-facts";

/*
 * The spirit catalogues: a member meets the spirits of the day on the dashboard and follows them
 * to /media; the header search finds a spirit by name and leads to a search for it; an admin adds
 * a spirit from the admin area, which then shows on /media. Axe and the layout in English and
 * Arabic at 1280 and 390 px.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`);
}

test("a member meets the spirits of the day and the catalogues; search finds a spirit by name", async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpNewMember(page, "Spirit Seeker");
  await page.goto("/dashboard");
  const today = page.getByRole("region", { name: "Spirits of the day" });
  await expect(today.getByText("Demon of the day")).toBeVisible();
  await expect(today.getByText("Angel of the day")).toBeVisible();
  await expect(today.getByText("Elenthos spirit of the day")).toBeVisible();
  await today.getByRole("link", { name: "All spirits and their powers" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Spirits and their powers" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Popular powers" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Demons of the Ars Goetia" })).toContainText(
    "Bael",
  );
  expect(await seriousViolations(page)).toEqual([]);

  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search" });
  await box.pressSequentially("Paimon");
  const option = page
    .getByRole("listbox", { name: "Search suggestions" })
    .getByRole("option", { name: /^Paimon Demon/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(page).toHaveURL(/\/search\?q=Paimon$/);

  for (const locale of ["en", "ar"]) {
    await page.context().addCookies([{ name: "i18nextLng", value: locale, url: baseURL! }]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/media");
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: testInfo.outputPath(`media-${locale}-${width}.png`) });
    }
  }
});

test("an admin adds a spirit to a catalogue from the admin area; an empty name keeps the typed powers", async ({
  page,
}) => {
  const name = `Vellamar ${Date.now().toString(36)}`;
  await signIn(page, ACCOUNTS.admin);
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Administration" })
    .getByRole("link", { name: "Spirits" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Spirit catalogues" })).toBeVisible();
  await page.getByRole("link", { name: "Elenthos spirits" }).click();
  await expect(page).toHaveURL(/catalogue=elenthos/);
  await waitForHydration(page);
  await page.locator("summary", { hasText: "Add a spirit" }).click();
  const form = page.locator("details", { hasText: "Add a spirit" }).first();
  await form.getByLabel("Name").fill("   ");
  await form.getByLabel("Positive powers").fill("calm\nsea");
  await form.getByRole("button", { name: "Add a spirit" }).click();
  await expect(page.getByText("Give the spirit a name.")).toBeVisible();
  await expect(page.getByLabel("Positive powers").first()).toHaveValue("calm\nsea");
  await page.getByLabel("Name").first().fill(name);
  await page
    .locator("details", { hasText: "Add a spirit" })
    .first()
    .getByRole("button", { name: "Add a spirit" })
    .click();
  await expect(page.getByText("Spirit added.")).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/media#elenthos");
  await expect(page.getByRole("region", { name: "Elenthos spirits" })).toContainText(name);
});
