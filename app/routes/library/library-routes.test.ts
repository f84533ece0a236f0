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
