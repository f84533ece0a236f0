import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db } from "#app/db/client.server";
import { seedPages } from "#app/db/seed.server";
import { auditLog } from "#app/modules/audit/schema";
import { action as editAction, loader as editLoader } from "#app/routes/admin/page-edit";
import { loader as adminPagesLoader } from "#app/routes/admin/pages";
import { loader as infoPageLoader } from "#app/routes/pages/info-page";
import { PAGE_BODY_MAX } from "./limits";
import { PAGE_PATHS, getPage, listPages, savePage } from "./pages.server";

// Informational pages: seeded, edited by admins (audited), shown at fixed paths, always rendered
// through the sanitizer whatever an admin typed.
let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInRequest>>;
let member: Awaited<ReturnType<typeof signedInRequest>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedPages();
  admin = await signedInRequest({ role: "admin", name: "Page Keeper" });
  member = await signedInRequest({ name: "Plain Member" });
});
afterAll(() => cleanup());

/** What a loader or action threw (a Response, or React Router's data() / redirect()). */
async function thrown(
  run: () => Promise<unknown>,
): Promise<{ status: number; location?: string | null; data?: unknown }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get("location") };
    const value = error as { init?: { status?: number }; data?: unknown };
    return { status: value.init?.status ?? 0, data: value.data };
  }
  throw new Error("expected a throw");
}

const post = (slug: string, fields: Record<string, string>, cookie = admin.cookie) =>
  new Request(`http://localhost:3000/admin/pages/${slug}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const visit = (path: string) =>
  infoPageLoader(routeArgs(new Request(`http://localhost:3000${path}`)));

describe("the pages", () => {
  it("are listed by slug, each with the path that shows it", async () => {
    const listed = await listPages();
    expect(listed.map((p) => p.slug)).toEqual([...Object.keys(PAGE_PATHS)].sort());
    const page = await adminPagesLoader(
      routeArgs(
        new Request("http://localhost:3000/admin/pages", { headers: { cookie: admin.cookie } }),
      ),
    );
    expect(page.pages.find((p) => p.slug === "help-guidelines")?.path).toBe("/help/guidelines");
  });

  it("are shown at their paths; /faq and /help/faq are one page, a trailing slash is the same path", async () => {
    const faq = await visit("/faq");
    expect((await visit("/help/faq")).page).toEqual(faq.page);
    expect((await visit("/help/guidelines/")).page.title).toBe(
      (await getPage("help-guidelines"))!.title,
    );
  });

  it("answer 404 for a path that is not a page", async () => {
    expect((await thrown(() => visit("/imprint"))).status).toBe(404);
  });
});

describe("editing a page", () => {
  it("saves title and body, stamps who and when, and writes the audit log", async () => {
    const before = (await getPage("about"))!;
    const response = await thrown(() =>
      editAction(
        routeArgs(post("about", { title: "  About us  ", body: "## Hello\n\nWe are **here**." }), {
          slug: "about",
        }),
      ),
    );
    expect(response).toMatchObject({ status: 302, location: "/admin/pages" });
    const after = (await getPage("about"))!;
    expect(after).toMatchObject({ title: "About us", body: "## Hello\n\nWe are **here**." });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "page.update"), eq(auditLog.targetId, "about")));
    expect(entry).toMatchObject({
      actorId: admin.userId,
      targetType: "page",
      details: { title: "About us", length: 26 },
    });
    const shown = await visit("/about");
    expect(shown.page.title).toBe("About us");
    expect(shown.page.bodyHtml).toContain(`<h2 dir="auto">Hello</h2>`);
    expect(shown.page.bodyHtml).toContain("<strong>here</strong>");
  });

  it("shows what an admin typed as text, never as markup or script", async () => {
    const body = [
      '<script>alert("x")</script>',
      '<img src=x onerror="alert(1)">',
      "[click](javascript:alert(1))",
      '<a href="https://evil.test" onclick="steal()">raw link</a>',
      "<iframe src=https://evil.test></iframe>",
    ].join("\n\n");
    await savePage(admin.userId, "terms", { title: "Terms", body });
    const html = (await visit("/terms")).page.bodyHtml;
    expect(html).not.toMatch(/<script|<img|<iframe|<a [^>]*onclick|href="javascript:/i);
    expect(html).toContain("&lt;script&gt;");
    // The loader of the editor previews through the same sanitizer.
    const editor = await editLoader(
      routeArgs(
        new Request("http://localhost:3000/admin/pages/terms", {
          headers: { cookie: admin.cookie },
        }),
        { slug: "terms" },
      ),
    );
    expect(editor.bodyHtml).toBe(html);
  });

  it("rejects bad input with 400 and the message keys of the fields, leaving the page as it was", async () => {
    const before = (await getPage("privacy"))!;
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ title: " x ", body: "fine" }, { title: "admin.pages.errors.titleRequired" }],
      [{ title: "t".repeat(121), body: "fine" }, { title: "admin.pages.errors.titleTooLong" }],
      [{ title: "Privacy", body: "   " }, { body: "admin.pages.errors.bodyRequired" }],
      [
        { title: "Privacy", body: "b".repeat(PAGE_BODY_MAX + 1) },
        { body: "admin.pages.errors.bodyTooLong" },
      ],
      [{}, { title: "admin.pages.errors.titleRequired", body: "admin.pages.errors.bodyRequired" }],
    ];
    for (const [fields, errors] of cases) {
      const result = (await editAction(
        routeArgs(post("privacy", fields), { slug: "privacy" }),
      )) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
      expect(result.init.status).toBe(400);
      expect(result.data.errors).toEqual(errors);
    }
    expect(await getPage("privacy")).toEqual(before);
  });

  it("answers 404 for a slug that is no page, and savePage refuses one", async () => {
    expect(
      (
        await thrown(() =>
          editAction(
            routeArgs(post("imprint", { title: "Imprint", body: "Text" }), { slug: "imprint" }),
          ),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await thrown(() =>
          editLoader(
            routeArgs(
              new Request("http://localhost:3000/admin/pages/imprint", {
                headers: { cookie: admin.cookie },
              }),
              { slug: "imprint" },
            ),
          ),
        )
      ).status,
    ).toBe(404);
    await expect(
      savePage(admin.userId, "imprint", { title: "Imprint", body: "Text" }),
    ).rejects.toThrow(/No page imprint/);
    expect(await getPage("imprint")).toBeUndefined();
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, "imprint"))).toHaveLength(
      0,
    );
  });

  it("is for admins only: members get 403, guests are sent to sign in, and nothing changes", async () => {
    const before = (await getPage("refunds"))!;
    expect(
      (
        await thrown(() =>
          editAction(
            routeArgs(post("refunds", { title: "Mine now", body: "Mine" }, member.cookie), {
              slug: "refunds",
            }),
          ),
        )
      ).status,
    ).toBe(403);
    const guest = await thrown(() =>
      editAction(
        routeArgs(post("refunds", { title: "Mine now", body: "Mine" }, ""), { slug: "refunds" }),
      ),
    );
    expect(guest.status).toBe(302);
    expect(guest.location).toBe("/auth?redirectTo=%2Fadmin%2Fpages%2Frefunds");
    expect(await getPage("refunds")).toEqual(before);
  });
});
