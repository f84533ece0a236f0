import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db } from "#app/db/client.server";
import { seedPages } from "#app/db/seed.server";
import { auditLog } from "#app/modules/audit/schema";
import { profiles } from "#app/modules/profiles/schema";
import { forgetCommunityCounts } from "#app/modules/shell/index.server";
import { action as editAction, loader as editLoader } from "#app/routes/admin/page-edit";
import { loader as landingLoader } from "#app/routes/pages/landing-page";
import { loader as infoLoader } from "#app/routes/pages/info-page";
import { LANDING_LIMITS } from "./landing";
import { landingSchema } from "./landing-validation";
import { FIGURE_SOURCES, siteFigures } from "./figures.server";
import { LANDING_SLUGS, getPage, savePage } from "./pages.server";
import { SEED_LANDINGS } from "./seed-landing";

// The landing kind of page (decision 047) and the site figures under it (decision 048).
let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInRequest>>;
let member: Awaited<ReturnType<typeof signedInRequest>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedPages();
  admin = await signedInRequest({ role: "admin", name: "Landing Keeper" });
  member = await signedInRequest({ name: "Plain Reader" });
});
afterAll(() => cleanup());

async function thrown(
  run: () => Promise<unknown>,
): Promise<{ status: number; location?: string | null }> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get("location") };
    return { status: (error as { init?: { status?: number } }).init?.status ?? 0 };
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
  landingLoader(routeArgs(new Request(`http://localhost:3000${path}`)));

const valid = {
  title: "Sacred oils, revised",
  subtitle: "A new subtitle",
  section0Heading: "First",
  section0Body: "Some **bold** text",
  cta0Label: "Ask",
  cta0Path: "/discussions",
};
const errorsOf = (fields: Record<string, string>) => {
  const parsed = landingSchema.safeParse(fields);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("landing form validation", () => {
  it("keeps filled slots in order, drops empty ones and reads the checkbox", () => {
    const parsed = landingSchema.parse({
      ...valid,
      section2Heading: "Third",
      section2Body: "Later",
      cta2Label: " Join ",
      cta2Path: "/subscription?from=landing#plans",
      comparison: "on",
    });
    expect(parsed.title).toBe("Sacred oils, revised");
    expect(parsed.content.sections.map((s) => s.heading)).toEqual(["First", "Third"]);
    expect(parsed.content.ctas).toEqual([
      { label: "Ask", path: "/discussions" },
      { label: "Join", path: "/subscription?from=landing#plans" },
    ]);
    expect(parsed.content.comparison).toBe(true);
    expect(landingSchema.parse(valid).content.comparison).toBe(false);
  });

  it("refuses every call-to-action path that could leave the site or is not written plainly", () => {
    const hostile = [
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "\\\\evil.test",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "/%2F%2Fevil.test",
      "/%252F%252Fevil.test",
      "/\t/evil.test",
      "/ok\nLocation: https://evil.test",
      "/\u202Eevil",
      "/\u0000",
      "/..//evil.test",
      "/a b",
      "/%zz",
      "subscription",
      "/" + "a".repeat(LANDING_LIMITS.path),
    ];
    for (const path of hostile) {
      const errors = errorsOf({ ...valid, cta0Path: path });
      expect(errors.cta0Path, JSON.stringify(path)).toMatch(/^admin\.landing\.errors\.path/);
    }
    for (const path of ["/subscription", "/academy", "/discussions?category=tarot", "/videos#new"])
      expect(errorsOf({ ...valid, cta0Path: path }), path).toEqual({});
  });

  it("names the field of each half-filled slot, a missing section and every over-long value", () => {
    expect(errorsOf({ title: "Page" })).toEqual({
      section0Heading: "admin.landing.errors.sectionRequired",
    });
    expect(errorsOf({ ...valid, section1Heading: "Only a heading" })).toEqual({
      section1Body: "admin.landing.errors.bodyRequired",
    });
    expect(errorsOf({ ...valid, section1Body: "Only a body" })).toEqual({
      section1Heading: "admin.landing.errors.headingRequired",
    });
    expect(errorsOf({ ...valid, cta1Label: "No path" })).toEqual({
      cta1Path: "admin.landing.errors.pathRequired",
    });
    expect(errorsOf({ ...valid, cta1Path: "/covens" })).toEqual({
      cta1Label: "admin.landing.errors.labelRequired",
    });
    const huge = "x".repeat(1_000_000);
    expect(
      errorsOf({
        ...valid,
        title: huge,
        subtitle: huge,
        section0Heading: huge,
        section0Body: huge,
        cta0Label: huge,
      }),
    ).toMatchObject({
      title: "admin.pages.errors.titleTooLong",
      subtitle: "admin.landing.errors.subtitleTooLong",
      section0Heading: "admin.landing.errors.headingTooLong",
      section0Body: "admin.landing.errors.bodyTooLong",
      cta0Label: "admin.landing.errors.labelTooLong",
    });
  });
});

describe("landing pages", () => {
  it("are seeded at their paths with calls to action that lead to screens of this site", async () => {
    for (const slug of LANDING_SLUGS) {
      const shown = await visit(`/${slug}`);
      const seed = SEED_LANDINGS.find((s) => s.slug === slug)!;
      expect(shown.page.title).toBe(seed.title);
      expect(shown.page.sections.length).toBeGreaterThan(0);
      for (const cta of shown.page.ctas)
        expect([
          "/academy",
          "/auth",
          "/covens",
          "/discussions",
          "/subscription",
          "/tutorials",
          "/videos",
        ]).toContain(cta.path);
      // The seeded texts state no figures: those come from the database.
      for (const section of seed.landing.sections)
        expect(section.body).not.toMatch(/\d{2,}\+?\s*(videos|members|courses)/i);
    }
    // An informational path does not show a landing page, nor the reverse.
    expect((await thrown(() => visit("/about"))).status).toBe(404);
    expect(
      (await thrown(() => infoLoader(routeArgs(new Request("http://localhost:3000/sacred-oils")))))
        .status,
    ).toBe(404);
  });

  it("an admin edits one: saved, rendered through the sanitizer, audited, and searchable text kept", async () => {
    const editor = await editLoader(
      routeArgs(
        new Request("http://localhost:3000/admin/pages/sacred-oils", {
          headers: { cookie: admin.cookie },
        }),
        {
          slug: "sacred-oils",
        },
      ),
    );
    expect(editor.landing?.section0Heading).toBe("An ancient practice");
    const answer = await thrown(() =>
      editAction(
        routeArgs(
          post("sacred-oils", {
            ...valid,
            section0Body: '<script>alert("x")</script>\n\n[bad](javascript:alert(1)) and **bold**',
            comparison: "on",
          }),
          { slug: "sacred-oils" },
        ),
      ),
    );
    expect(answer).toEqual({ status: 302, location: "/admin/pages" });
    const shown = await visit("/sacred-oils");
    expect(shown.page.title).toBe("Sacred oils, revised");
    expect(shown.page.subtitle).toBe("A new subtitle");
    expect(shown.page.comparison).toBe(true);
    expect(shown.page.sections[0]!.html).not.toMatch(/<script|href="javascript:/i);
    expect(shown.page.sections[0]!.html).toContain("<strong>bold</strong>");
    expect(shown.page.ctas).toEqual([{ label: "Ask", path: "/discussions" }]);
    const stored = (await getPage("sacred-oils"))!;
    expect(stored.body).toContain("A new subtitle");
    expect(stored.body).toContain("## First");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, "sacred-oils"), eq(auditLog.actorId, admin.userId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ ctas: ["/discussions"], sections: 1 });
  });

  it("refuses hostile or huge input with 400 and field errors, changing nothing", async () => {
    const before = await getPage("ankh-ta-duat");
    const cases: Array<Record<string, string>> = [
      { ...valid, cta0Path: "https://evil.test" },
      { ...valid, cta0Path: "//evil.test" },
      { ...valid, section0Body: "b".repeat(LANDING_LIMITS.body + 1) },
      { title: "x" },
      {},
    ];
    for (const fields of cases) {
      const result = (await editAction(
        routeArgs(post("ankh-ta-duat", fields), { slug: "ankh-ta-duat" }),
      )) as unknown as {
        init: { status: number };
        data: { errors: Record<string, string> };
      };
      expect(result.init.status).toBe(400);
      expect(Object.values(result.data.errors).length).toBeGreaterThan(0);
      for (const key of Object.values(result.data.errors))
        expect(key).toMatch(/^admin\.(landing|pages)\.errors\./);
    }
    expect(await getPage("ankh-ta-duat")).toEqual(before);
    // The informational save cannot overwrite a landing page's structure.
    await expect(
      savePage(admin.userId, "ankh-ta-duat", { title: "T", body: "B" }),
    ).rejects.toThrow();
  });

  it("is edited by admins only: members get 403, guests are sent to sign in", async () => {
    const before = await getPage("tutorials");
    expect(
      (
        await thrown(() =>
          editAction(routeArgs(post("tutorials", valid, member.cookie), { slug: "tutorials" })),
        )
      ).status,
    ).toBe(403);
    const guest = await thrown(() =>
      editAction(routeArgs(post("tutorials", valid, ""), { slug: "tutorials" })),
    );
    expect(guest.status).toBe(302);
    expect(guest.location).toBe("/auth?redirectTo=%2Fadmin%2Fpages%2Ftutorials");
    expect(await getPage("tutorials")).toEqual(before);
  });
});

describe("site figures", () => {
  it("are read from the database, and the free-courses page carries them", async () => {
    forgetCommunityCounts();
    const figures = await siteFigures();
    const members = (await db().select({ id: profiles.userId }).from(profiles)).length;
    expect(figures.find((f) => f.key === "members")?.value).toEqual({
      kind: "count",
      value: members,
    });
    // No discussions or covens in this database: a zero is left out rather than shown.
    expect(figures.map((f) => f.key)).not.toContain("discussions");
    expect(figures.map((f) => f.key)).not.toContain("covens");
    expect(figures.find((f) => f.key === "monthlyPrice")?.value).toMatchObject({ kind: "price" });
    expect(figures.map((f) => f.key)).toEqual(
      FIGURE_SOURCES.map((s) => s.key).filter((key) => figures.some((f) => f.key === key)),
    );

    await signedInRequest({ name: "One More" });
    forgetCommunityCounts();
    const shown = await visit("/free-courses");
    expect(shown.page.comparison).toBe(true);
    expect(shown.figures.find((f) => f.key === "members")?.value).toEqual({
      kind: "count",
      value: members + 1,
    });
    // A page without the comparison reads no figures.
    expect((await visit("/tutorials")).figures).toEqual([]);
  });

  it("registering one is one entry: a module's count appears, an empty one does not", async () => {
    const figures = await siteFigures([
      ...FIGURE_SOURCES,
      {
        key: "videos",
        labelKey: "landing.figures.videos",
        load: async () => ({ kind: "count", value: 121 }),
      },
      { key: "nothing", labelKey: "landing.figures.videos", load: async () => null },
    ]);
    expect(figures.at(-1)).toEqual({
      key: "videos",
      labelKey: "landing.figures.videos",
      value: { kind: "count", value: 121 },
    });
    expect(figures.map((f) => f.key)).not.toContain("nothing");
  });
});
