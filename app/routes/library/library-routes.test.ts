import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { articleNotes, articles } from "#app/modules/library/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as articleRoute from "./article";
import * as categoryRoute from "./category";
import * as listRoute from "./manage-list";
import * as newRoute from "./manage-new";
import * as editRoute from "./manage-article";
import * as categoriesRoute from "./manage-categories";
import * as grimoiresRoute from "./grimoires";
import * as grimoireRoute from "./grimoire";
import * as ritualsRoute from "./rituals";
import * as demonRoute from "./demon-attunements";
import * as elenthosRoute from "./elentho-attunements";
import * as bookmarksRoute from "./bookmarks";
import { seedLibrary } from "#app/modules/library/index.server";

/*
 * The library's pages as the framework calls them: the article page sends a premium text's
 * excerpt to everyone and the rest only to premium readers; the reader's forms refuse what they
 * may not do with translated reasons; /content-management is for admins, and hostile input there
 * is a 4xx that writes nothing.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let free: Account;
let premium: Account;
let articleId: string;
const SECRET = "obsidianquill";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Library Admin" });
  free = await member({ name: "Free Reader" });
  premium = await member({ tier: "full", name: "Premium Reader" });
  const created = await callRoute(
    newRoute.action,
    "/content-management/new",
    admin.cookie,
    {},
    {
      type: "grimoire",
      title: "The route grimoire",
      summary: "Everyone reads this summary.",
      body: `Open words.\n\n## Closed\n\nThe ${SECRET} part.`,
      isPremium: "on",
      publishAt: "",
      timeZoneOffset: "0",
    },
  );
  expect(created.status).toBe(302);
  articleId = created.location!.split("/").pop()!.split("?")[0]!;
  const published = await callRoute(
    editRoute.action,
    `/content-management/${articleId}`,
    admin.cookie,
    { id: articleId },
    { intent: "publish" },
  );
  expect(published.body?.ok).toBe(true);
});
afterAll(() => cleanup());

const articlePath = () => `/article/grimoire/${articleId}`;
const params = () => ({ type: "grimoire", articleId });

describe("the article page", () => {
  it("sends the excerpt to guests and free members, the whole to premium members", async () => {
    for (const cookie of [null, free.cookie]) {
      const page = await callRoute(articleRoute.loader, articlePath(), cookie, params());
      expect(page.status).toBe(200);
      const data = JSON.stringify(page.data);
      expect(data).toContain("Open words");
      expect(data).not.toContain(SECRET);
    }
    const whole = await callRoute(articleRoute.loader, articlePath(), premium.cookie, params());
    expect(JSON.stringify(whole.data)).toContain(SECRET);
  });

  it("is a 404 for an unknown type or article, and a 400 for a malformed id", async () => {
    expect(
      (await callRoute(articleRoute.loader, articlePath(), null, { type: "spell", articleId }))
        .status,
    ).toBe(404);
    expect(
      (
        await callRoute(articleRoute.loader, articlePath(), null, {
          type: "ritual",
          articleId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(articleRoute.loader, articlePath(), null, {
          type: "grimoire",
          articleId: "x",
        })
      ).status,
    ).toBe(400);
    expect(
      (await callRoute(articleRoute.loader, `${articlePath()}?chapter=nope`, null, params()))
        .status,
    ).toBe(400);
  });

  it("refuses the reader's forms to guests and free members with a translated reason", async () => {
    const guest = await callRoute(articleRoute.action, articlePath(), null, params(), {
      intent: "bookmark",
    });
    expect(guest.status).toBe(403);
    expect(guest.body?.formError).toBe("library.refusals.signIn");
    const freeNote = await callRoute(articleRoute.action, articlePath(), free.cookie, params(), {
      intent: "note",
      note: "Mine",
    });
    expect(freeNote.status).toBe(403);
    expect(freeNote.body?.formError).toBe("library.refusals.premium");
  });

  it("keeps a premium reader's note, refuses a huge or empty one and a foreign delete", async () => {
    const huge = await callRoute(articleRoute.action, articlePath(), premium.cookie, params(), {
      intent: "note",
      note: "x".repeat(2_001),
    });
    expect(huge.status).toBe(400);
    expect(huge.body?.fieldErrors?.note).toBe("library.errors.noteTooLong");
    expect(huge.body?.values?.note).toHaveLength(2_001);
    const empty = await callRoute(articleRoute.action, articlePath(), premium.cookie, params(), {
      intent: "note",
      note: "   ",
    });
    expect(empty.body?.fieldErrors?.note).toBe("library.errors.noteRequired");
    const saved = await callRoute(articleRoute.action, articlePath(), premium.cookie, params(), {
      intent: "note",
      note: "Only mine",
    });
    expect(saved.body?.ok).toBe(true);
    const [note] = await db()
      .select()
      .from(articleNotes)
      .where(eq(articleNotes.articleId, articleId));
    const foreign = await callRoute(articleRoute.action, articlePath(), admin.cookie, params(), {
      intent: "delete-note",
      noteId: note!.id,
    });
    expect(foreign.status).toBe(404);
    const unknown = await callRoute(articleRoute.action, articlePath(), premium.cookie, params(), {
      intent: "shout",
    });
    expect(unknown.status).toBe(400);
  });

  it("stores the reading place and refuses a chapter of nowhere", async () => {
    const stored = await callRoute(articleRoute.action, articlePath(), premium.cookie, params(), {
      intent: "progress",
      chapterId: "",
      position: "250",
    });
    expect(stored.body?.ok).toBe(true);
    const foreign = await callRoute(articleRoute.action, articlePath(), premium.cookie, params(), {
      intent: "progress",
      chapterId: crypto.randomUUID(),
      position: "9999",
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body?.formError).toBe("library.refusals.chapter");
  });
});

describe("the category page", () => {
  it("is a 404 for another type's or an unknown category, 400 for a malformed id", async () => {
    expect(
      (
        await callRoute(categoryRoute.loader, "/category/grimoire/x", null, {
          type: "grimoire",
          categoryId: crypto.randomUUID(),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(categoryRoute.loader, "/category/grimoire/x", null, {
          type: "grimoire",
          categoryId: "x",
        })
      ).status,
    ).toBe(400);
  });
});

describe("/content-management", () => {
  it("is for admins only", async () => {
    for (const cookie of [free.cookie, premium.cookie]) {
      expect((await callRoute(listRoute.loader, "/content-management", cookie)).status).toBe(403);
      const post = await callRoute(
        newRoute.action,
        "/content-management/new",
        cookie,
        {},
        {
          type: "ritual",
          title: "Sneaky",
        },
      );
      expect(post.status).toBe(403);
    }
    const guest = await callRoute(listRoute.loader, "/content-management", null);
    expect([302, 401, 403]).toContain(guest.status);
  });

  it("answers hostile input with field errors and writes nothing", async () => {
    const before = (await db().select({ id: articles.id }).from(articles)).length;
    const bad = await callRoute(
      newRoute.action,
      "/content-management/new",
      admin.cookie,
      {},
      {
        type: "spell",
        title: "t".repeat(161),
        summary: "s".repeat(601),
        categoryId: "not-an-id",
        publishAt: "tomorrow",
        timeZoneOffset: "1e309",
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors).toMatchObject({
      type: "library.errors.type",
      title: "library.errors.titleTooLong",
      summary: "library.errors.summaryTooLong",
      categoryId: "library.errors.category",
      publishAt: "library.errors.publishAt",
    });
    const foreignCategory = await callRoute(
      newRoute.action,
      "/content-management/new",
      admin.cookie,
      {},
      { type: "ritual", title: "Ok", categoryId: crypto.randomUUID() },
    );
    expect(foreignCategory.status).toBe(400);
    expect(foreignCategory.body?.formError).toBe("library.refusals.category");
    expect((await db().select({ id: articles.id }).from(articles)).length).toBe(before);

    const chapter = await callRoute(
      editRoute.action,
      `/content-management/${articleId}`,
      admin.cookie,
      { id: articleId },
      { intent: "chapter-add", title: "", body: "x" },
    );
    expect(chapter.body?.fieldErrors?.title).toBe("library.errors.chapterTitleRequired");
    const missing = await callRoute(
      editRoute.action,
      `/content-management/${crypto.randomUUID()}`,
      admin.cookie,
      { id: crypto.randomUUID() },
      { intent: "publish" },
    );
    expect(missing.status).toBe(404);
    const category = await callRoute(
      categoriesRoute.action,
      "/content-management/categories",
      admin.cookie,
      {},
      { intent: "create", type: "ritual", title: "" },
    );
    expect(category.body?.fieldErrors?.title).toBe("library.errors.categoryTitleRequired");
  });
});

describe("the seeded grimoires", () => {
  it("are added once, listed on /grimoires and gated at /grimoire/{slug}", async () => {
    await seedLibrary();
    await seedLibrary();
    const landing = await callRoute(grimoiresRoute.loader, "/grimoires", null);
    const rows = (landing.data as { rows: Array<{ slug: string; chapterCount: number }> }).rows;
    const goetia = rows.find((row) => row.slug === "ars-goetia");
    expect(goetia?.chapterCount).toBe(7);
    expect(rows.filter((row) => row.slug === "elenthos-communion")).toHaveLength(1);

    const guest = await callRoute(grimoireRoute.loader, "/grimoire/ars-goetia", null, {
      slug: "ars-goetia",
    });
    expect(guest.status).toBe(200);
    expect(JSON.stringify(guest.data)).toContain("seventy-two spirits");
    expect(JSON.stringify(guest.data)).not.toContain("Bael");
    const reader = await callRoute(grimoireRoute.loader, "/grimoire/ars-goetia", premium.cookie, {
      slug: "ars-goetia",
    });
    expect(JSON.stringify(reader.data)).toContain("Bael");
    expect(
      (await callRoute(grimoireRoute.loader, "/grimoire/nope", null, { slug: "nope" })).status,
    ).toBe(404);
    // The grimoire's reader forms work at its own address too.
    const bookmark = await callRoute(
      grimoireRoute.action,
      "/grimoire/elenthos-communion",
      premium.cookie,
      { slug: "elenthos-communion" },
      { intent: "bookmark" },
    );
    expect(bookmark.body?.ok).toBe(true);
  });
});

describe("the seeded practices", () => {
  it("list ritual guides on /rituals and gate the attunement paths to premium members", async () => {
    await seedLibrary();
    const rituals = await callRoute(ritualsRoute.loader, "/rituals", null);
    const data = rituals.data as {
      guides: { rows: Array<{ slug: string; stepCount: number; minutes: number; href: string }> };
      categories: Array<{ id: string; articles: number }>;
    };
    const salt = data.guides.rows.find((row) => row.slug === "ritual-salt-and-candle-protection");
    expect(salt).toMatchObject({ stepCount: 5, minutes: 20 });
    expect(salt!.href).toMatch(/^\/article\/ritual\//);
    expect(data.categories.length).toBeGreaterThanOrEqual(3);

    for (const cookie of [null, free.cookie]) {
      const gated = await callRoute(demonRoute.loader, "/demon-attunements", cookie);
      expect(gated.status).toBe(403);
      const text = JSON.stringify(gated.body);
      expect(text).toContain("Attunement to the spirit of the day");
      expect(text).not.toContain("Hold the seal");
      expect((gated.body as unknown as { practice: unknown }).practice).toBeNull();
    }
    const open = await callRoute(elenthosRoute.loader, "/elentho-attunements", premium.cookie);
    expect(open.status).toBe(200);
    const path = open.body as unknown as {
      practices: Array<{ id: string; href: string; minutes: number }>;
      practice: { streak: number; doneToday: string[] };
    };
    expect(path.practices).toHaveLength(2);
    expect(path.practices.every((p) => p.minutes === 5)).toBe(true);
    expect(path.practice.streak).toBe(0);

    // Following a practice: the steps reach the premium member, the session is recorded once a day.
    const first = path.practices[0]!;
    const practicePage = await callRoute(articleRoute.loader, first.href, premium.cookie, {
      type: "attunement",
      articleId: first.id,
    });
    expect(JSON.stringify(practicePage.data)).toContain("Breathe light in");
    expect((practicePage.data as { session: unknown }).session).toEqual({
      streak: 0,
      doneToday: false,
    });
    const params = { type: "attunement", articleId: first.id };
    const done = await callRoute(articleRoute.action, first.href, premium.cookie, params, {
      intent: "session-done",
    });
    expect(done.body?.toast?.key).toBe("library.toasts.sessionDone");
    const again = await callRoute(articleRoute.action, first.href, premium.cookie, params, {
      intent: "session-done",
    });
    expect(again.body?.toast?.key).toBe("library.toasts.sessionAlreadyDone");
    const after = await callRoute(elenthosRoute.loader, "/elentho-attunements", premium.cookie);
    expect((after.body as unknown as typeof path).practice).toMatchObject({
      streak: 1,
      doneToday: [first.id],
    });
    const refused = await callRoute(articleRoute.action, first.href, free.cookie, params, {
      intent: "session-done",
    });
    expect(refused.status).toBe(403);
    expect(refused.body?.formError).toBe("library.refusals.premium");
  });

  it("saves a practice's steps from the editor and refuses hostile ones", async () => {
    const created = await callRoute(
      newRoute.action,
      "/content-management/new",
      admin.cookie,
      {},
      {
        type: "ritual",
        title: "Editor ritual",
        materials: "Salt\nWater",
        timing: "Dawn",
        "steps.0.title": "Pour",
        "steps.0.minutes": "2",
        "steps.1.title": "Stir",
        "steps.1.text": "Slowly",
      },
    );
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!.split("?")[0]!;
    const [row] = await db().select().from(articles).where(eq(articles.id, id));
    expect(row).toMatchObject({
      materials: "Salt\nWater",
      timing: "Dawn",
      steps: [
        { title: "Pour", text: "", minutes: 2 },
        { title: "Stir", text: "Slowly", minutes: 0 },
      ],
    });
    const hostile = await callRoute(
      editRoute.action,
      `/content-management/${id}`,
      admin.cookie,
      { id },
      {
        intent: "save",
        type: "ritual",
        title: "Editor ritual",
        timing: "t".repeat(301),
        "steps.0.title": "x".repeat(121),
        "steps.0.minutes": "NaN",
        "steps.999.text": "z".repeat(3_000),
      },
    );
    expect(hostile.status).toBe(400);
    expect(hostile.body?.fieldErrors).toMatchObject({
      timing: "library.errors.timingTooLong",
      steps: expect.stringMatching(/^library\.errors\./),
    });
    const [unchanged] = await db().select().from(articles).where(eq(articles.id, id));
    expect(unchanged!.steps).toHaveLength(2);
  });
});

describe("covers and the bookmarks page", () => {
  async function png(): Promise<Uint8Array<ArrayBuffer>> {
    const { default: sharp } = await import("sharp");
    const buffer = await sharp({
      create: { width: 80, height: 40, channels: 3, background: { r: 40, g: 20, b: 90 } },
    })
      .png()
      .toBuffer();
    return new Uint8Array(
      buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length) as ArrayBuffer,
    );
  }
  function multipart(values: Record<string, string>, cover?: File): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    if (cover) form.set("cover", cover);
    return form;
  }

  it("stores a cover re-encoded at 16:9, keeps it on a save without a file, removes it on request, refuses a non-image", async () => {
    const cover = new File([await png()], "cover.png", { type: "image/png" });
    const created = await callRoute(
      newRoute.action,
      "/content-management/new",
      admin.cookie,
      {},
      multipart({ type: "ritual", title: "Covered ritual" }, cover),
    );
    expect(created.status).toBe(302);
    const id = created.location!.split("/").pop()!.split("?")[0]!;
    const coverOf = async () =>
      (
        await db().select({ coverUrl: articles.coverUrl }).from(articles).where(eq(articles.id, id))
      )[0]!.coverUrl;
    const stored = await coverOf();
    expect(stored).toMatch(/^\/uploads\/articles\/[0-9a-f-]{36}\.webp$/);
    const save = (values: Record<string, string>, file?: File) =>
      callRoute(
        editRoute.action,
        `/content-management/${id}`,
        admin.cookie,
        { id },
        multipart({ intent: "save", type: "ritual", title: "Covered ritual", ...values }, file),
      );
    expect((await save({})).body?.ok).toBe(true);
    expect(await coverOf()).toBe(stored);
    const fake = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "x.png", {
      type: "image/png",
    });
    const refused = await save({}, fake);
    expect(refused.status).toBe(400);
    expect(refused.body?.fieldErrors?.cover).toBe("library.errors.coverType");
    expect(await coverOf()).toBe(stored);
    expect((await save({ removeCover: "on" })).body?.ok).toBe(true);
    expect(await coverOf()).toBeNull();
  });

  it("lists a member's own live bookmarks only, and sends guests to sign in", async () => {
    const guest = await callRoute(bookmarksRoute.loader, "/bookmarks", null);
    expect(guest.status).toBe(302);
    expect(guest.location).toMatch(/^\/auth/);
    const mine = await callRoute(bookmarksRoute.loader, "/bookmarks", premium.cookie);
    const rows = (mine.data as { rows: Array<{ id: string; href: string }> }).rows;
    // The premium reader bookmarked the seeded Elenthos Communion above.
    expect(rows.some((row) => row.href.startsWith("/article/grimoire/"))).toBe(true);
    const theirs = await callRoute(bookmarksRoute.loader, "/bookmarks", free.cookie);
    expect((theirs.data as { rows: unknown[] }).rows).toEqual([]);
  });
});
