import { expect, test } from "@playwright/test";
import { ACCOUNTS, signIn, waitForHydration } from "../fixtures";

/*
 * A site-wide setting: runs in the site-wide project after the other files (playwright.config.ts).
 * The admin configures the three oracle sites and the master's name; the home page's oracles block
 * and the side navigation link to them in a new tab; an address that is not http(s) is refused;
 * emptied, a site's card and link are gone.
 */

test("the oracle sites configured in settings open in a new tab from the block and the side navigation", async ({
  browser,
  page,
}) => {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, ACCOUNTS.admin, "/admin/settings");
  await waitForHydration(admin);
  await admin.getByLabel("Demon Oracle address").fill("javascript:alert(1)");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Enter an address starting with https://.")).toBeVisible();

  await admin.getByLabel("The master's name").fill("Azariel");
  await admin.getByLabel("Demon Oracle address").fill("https://demons.example/read");
  await admin.getByLabel("Angelic Oracle address").fill("https://angels.example/");
  await admin.getByLabel("Elenthos Oracle address").fill("");
  await admin.getByLabel("Tarot reading page address").fill("https://tarot.example/spread");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Settings saved.")).toBeVisible();

  await page.goto("/");
  const block = page.getByTestId("oracles-full");
  const demon = block.getByRole("link", { name: /Demon Oracle/ });
  await expect(demon).toHaveAttribute("href", "https://demons.example/read");
  await expect(demon).toHaveAttribute("target", "_blank");
  await expect(demon).toHaveAttribute("rel", "noopener noreferrer");
  await expect(block.getByRole("link", { name: /Angelic Oracle/ })).toHaveAttribute(
    "href",
    "https://angels.example/",
  );
  await expect(block.getByRole("link", { name: /Elenthos Oracle/ })).toHaveCount(0);
  await expect(block).toContainText("A personal consultation with master Azariel, once a month.");
  const nav = page.getByRole("complementary", { name: "Main Navigation" });
  const navDemon = nav.getByRole("link", { name: /Demon Oracle/ });
  await expect(navDemon).toHaveAttribute("target", "_blank");
  await expect(navDemon).toHaveAttribute("rel", "noopener noreferrer");
  await expect(nav.getByRole("link", { name: /Elenthos Oracle/ })).toHaveCount(0);

  // With a tarot reading page configured, booking offers it (in a new tab) once booked. The
  // admin, eligible like every admin, books a time of their own.
  const day = new Date(Date.now() + 5 * 86_400_000);
  const date = day.toISOString().slice(0, 10);
  await admin.goto("/admin/consultations");
  await waitForHydration(admin);
  await admin.locator("summary", { hasText: "Add times" }).click();
  await admin.getByLabel(/^Start \(/).fill(`${date}T16:15`);
  await admin.getByRole("button", { name: "Add", exact: true }).click();
  await expect(admin.getByText(/^Times added: 1$/)).toBeVisible();
  await admin.goto("/consultation");
  await waitForHydration(admin);
  await admin.getByRole("radio").first().check();
  await admin.getByLabel("I have read the rules and will follow them").check();
  await admin.getByRole("button", { name: "Book the consultation" }).click();
  const reading = admin.getByTestId("booked").getByRole("link", { name: /Open the tarot reading/ });
  await expect(reading).toHaveAttribute("href", "https://tarot.example/spread");
  await expect(reading).toHaveAttribute("target", "_blank");
  await expect(reading).toHaveAttribute("rel", "noopener noreferrer");

  // Back to the defaults for anyone running after this.
  await admin.goto("/admin/settings");
  await waitForHydration(admin);
  await admin.getByLabel("The master's name").fill("Morgana");
  await admin.getByLabel("Demon Oracle address").fill("");
  await admin.getByLabel("Angelic Oracle address").fill("");
  await admin.getByLabel("Tarot reading page address").fill("");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Settings saved.")).toBeVisible();
  await admin.reload();
  await expect(admin.getByLabel("Demon Oracle address")).toHaveValue("");
  // Another address than before: a guest's page may be kept by the browser for a short while.
  await page.goto("/home");
  await expect(page.getByTestId("oracles-full").getByRole("link")).toHaveCount(0);
  await context.close();
});
