import { expect, test, type Locator, type Page } from "@playwright/test";
import { ACCOUNTS, signIn, signUpNewMember } from "./fixtures";

/*
 * Walks the site as a person does: every internal link of the header, side navigation, user
 * menu, footer, home page and dashboard is clicked (client-side navigation, never `goto`), as a
 * guest, a member and an admin, at desktop width. Each must land on a page: no 404, no error
 * screen, no failed data request. Opening addresses directly cannot find a loader that reads the
 * `.data` request's path (decision 019); clicking can.
 */

type Role = "guest" | "member" | "admin";

/** A place links are found in, the page it is found on, and how to reveal it (open a menu). */
interface Region {
  name: string;
  start: string;
  locate: (page: Page) => Locator;
  open?: (page: Page) => Promise<void>;
}

/**
 * Opens a menu. The members' header controls hydrate from their own chunk, so a click that comes
 * before it is retried; one that came through is never repeated (it would close the menu).
 */
async function opener(page: Page, trigger: Locator, opened: Locator) {
  await expect(async () => {
    if (!(await opened.isVisible())) await trigger.click();
    await expect(opened).toBeVisible({ timeout: 1000 });
  }).toPass();
}
const openUserMenu = (page: Page) =>
  opener(page, page.getByTestId("user-menu"), page.getByRole("menu"));
const openBell = (page: Page) =>
  opener(
    page,
    page.getByTestId("notification-bell"),
    page.getByRole("dialog", { name: "Notifications" }),
  );

function regions(role: Role): Region[] {
  const all: Region[] = [
    { name: "header", start: "/", locate: (page) => page.getByRole("banner") },
    {
      name: "side navigation",
      start: "/",
      locate: (page) => page.getByRole("complementary", { name: "Main Navigation" }),
    },
    { name: "footer", start: "/", locate: (page) => page.getByRole("contentinfo") },
    { name: "home page", start: "/", locate: (page) => page.getByRole("main") },
  ];
  if (role === "guest") return all;
  return [
    ...all,
    { name: "user menu", start: "/", locate: (page) => page.getByRole("menu"), open: openUserMenu },
    {
      name: "notifications",
      start: "/",
      locate: (page) => page.getByRole("dialog", { name: "Notifications" }),
      open: openBell,
    },
    { name: "dashboard", start: "/dashboard", locate: (page) => page.getByRole("main") },
  ];
}

/** The router's state: idle, where it is, and the errors its routes answered with. */
function routerState(page: Page) {
  return page.evaluate(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter?: {
          state: {
            navigation: { state: string };
            revalidation: string;
            location: { pathname: string; search: string };
            errors: Record<string, unknown> | null;
          };
        };
      }
    ).__reactRouterDataRouter;
    if (!router) return null;
    const { navigation, revalidation, location, errors } = router.state;
    return {
      idle: navigation.state === "idle" && revalidation === "idle",
      at: location.pathname + location.search,
      errors: Object.values(errors ?? {}).map((error) => {
        const e = error as { status?: number; data?: { kind?: string } };
        return { status: e.status ?? 500, kind: e.data?.kind ?? null };
      }),
    };
  });
}

/** Client-side navigation back to a region's page (the router, as a link would). */
async function navigateTo(page: Page, path: string) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.evaluate(
    (to) =>
      (
        window as unknown as {
          __reactRouterDataRouter: { navigate: (to: string) => Promise<void> };
        }
      ).__reactRouterDataRouter.navigate(to),
    path,
  );
  await expect
    .poll(async () => (await routerState(page))?.idle && (await routerState(page))?.at === path)
    .toBe(true);
}

/** The internal links a region shows (visible, same site, not a form). */
async function internalLinks(region: Locator): Promise<string[]> {
  await expect(region.locator("a[href^='/']").first()).toBeVisible();
  const hrefs: string[] = [];
  for (const link of await region.locator("a[href^='/']").all()) {
    if (!(await link.isVisible())) continue;
    const href = await link.getAttribute("href");
    if (href && !hrefs.includes(href)) hrefs.push(href);
  }
  return hrefs;
}

async function walk(page: Page, role: Role) {
  // Every data request of the walk: none may answer 404 or fail.
  const failed: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".data") && (response.status() === 404 || response.status() >= 500))
      failed.push(`${response.status()} ${url.pathname}`);
  });
  const visited: string[] = [];
  for (const region of regions(role)) {
    await navigateTo(page, region.start);
    await region.open?.(page);
    const hrefs = await internalLinks(region.locate(page));
    expect(hrefs.length, `${role}: links in the ${region.name}`).toBeGreaterThan(0);
    if (region.open) {
      await page.keyboard.press("Escape");
      await expect(region.locate(page)).toBeHidden();
    }
    for (const href of hrefs) {
      await navigateTo(page, region.start);
      const before = await routerState(page);
      const link = region.locate(page).locator(`a[href="${href}"]`).first();
      if (region.open) {
        // A menu may close as the page settles (a revalidation re-renders the header): reopen it.
        await expect(async () => {
          await region.open!(page);
          await link.click({ timeout: 2000 });
        }).toPass();
      } else {
        await link.click();
      }
      const where = `${role}: ${region.name} → ${href}`;
      // A link to the page itself stays; any other lands somewhere else (perhaps redirected).
      await expect
        .poll(
          async () => {
            const state = await routerState(page);
            return Boolean(state?.idle && (state.at !== before?.at || href === region.start));
          },
          { message: where },
        )
        .toBe(true);
      const state = await routerState(page);
      // The Premium gate is the upsell a free member is meant to meet (SPEC §2), not an error.
      const errors = state?.errors.filter(
        (error) => !(error.status === 403 && error.kind === "premium"),
      );
      expect(errors, where).toEqual([]);
      await expect(page.getByTestId("error-screen"), where).toHaveCount(0);
      visited.push(href);
    }
  }
  expect(failed).toEqual([]);
  return visited;
}

test.describe("every link of the shell and dashboard leads to a page", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // A walk is a few dozen clicks.
  test.setTimeout(180_000);
  test.beforeEach(async ({ page }) => {
    // The daily premium popup (20 s after the first page) would cover the links being clicked.
    await page.addInitScript(() => {
      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
      localStorage.setItem("premium_popup_last_shown", day);
    });
  });

  test("as a guest", async ({ page }) => {
    await page.goto("/");
    const visited = await walk(page, "guest");
    for (const path of [
      "/help",
      "/help/guidelines",
      "/faq",
      "/about",
      "/privacy",
      "/terms",
      "/refunds",
      "/subscription",
      "/auth",
    ]) {
      expect(visited).toContain(path);
    }
  });

  test("as a member", async ({ page }) => {
    await signUpNewMember(page, "Walker Member");
    const visited = await walk(page, "member");
    for (const path of [
      "/help",
      "/faq",
      "/about",
      "/refunds",
      "/dashboard",
      "/profile",
      "/settings",
      "/messages",
      "/notifications",
      "/explore",
    ]) {
      expect(visited).toContain(path);
    }
  });

  test("as an admin", async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await page.goto("/");
    const visited = await walk(page, "admin");
    for (const path of [
      "/admin",
      "/admin/users",
      "/admin/moderation",
      "/content-management",
      "/admin/transactions",
      "/help/guidelines",
    ]) {
      expect(visited).toContain(path);
    }
  });
});
