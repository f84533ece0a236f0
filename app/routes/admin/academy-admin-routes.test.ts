import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import { config } from "#app/lib/config.server";
import { academyLanding, coursePage, setCourseStatus } from "#app/modules/academy/index.server";
import { COURSE_COVER, COURSE_LIMITS } from "#app/modules/academy/admin-validation";
import { academyCategories, courses } from "#app/modules/academy/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute, type RouteAnswer } from "../../../tests/helpers/route-call";
import * as newRoute from "./academy-course-new";
import * as editRoute from "./academy-course";

/*
 * Academy authoring as the framework calls its loaders and actions: guests are sent to sign in,
 * members refused, an admin's new course is a draft no member sees, every change is audited,
 * and hostile input is a 400 with translated messages that writes nothing.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let premium: Account;
let categoryId: string;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Academy Admin" });
  premium = await member({ name: "Keen Student", tier: "full" });
  const [category] = await db()
    .insert(academyCategories)
    .values({ title: "Herbalism", slug: "herbalism" })
    .returning({ id: academyCategories.id });
  categoryId = category!.id;
});
afterAll(() => cleanup());

type Answer = RouteAnswer;

/** A loader or action called as `who`. */
const call = (
  run: (args: never) => unknown,
  path: string,
  who: Account | null,
  params: Record<string, string> = {},
  fields?: Record<string, string> | FormData,
) => callRoute(run, path, who?.cookie ?? null, params, fields);

const fields = (overrides: Record<string, string> = {}) => ({
  title: "Moon Gardening",
  summary: "Planting by the phases of the moon.",
  description: "## Why\n\nBecause **timing** matters.",
  level: "beginner",
  categoryId,
  estimatedMinutes: "45",
  ...overrides,
});

const create = (who: Account | null, form: Record<string, string>) =>
  call(newRoute.action, "/admin/academy/courses/new", who, {}, form);
const edit = (id: string, who: Account | null, form: Record<string, string>) =>
  call(editRoute.action, `/admin/academy/courses/${id}`, who, { id }, form);

async function createdId(answer: Answer): Promise<string> {
  expect(answer.status).toBe(302);
  const match = /^\/admin\/academy\/courses\/([0-9a-f-]{36})\?created=1$/.exec(
    answer.location ?? "",
  );
  expect(match).not.toBeNull();
  return match![1]!;
}

async function courseRow(id: string) {
  const [row] = await db().select().from(courses).where(eq(courses.id, id));
  return row;
}

async function audits(action: string, targetId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe("who may author courses", () => {
  it("sends guests to sign in and refuses members, on every page and action", async () => {
    const id = await createdId(await create(admin, fields({ title: "Guarded" })));
    for (const who of [null, premium]) {
      const expected = who ? 403 : 302;
      expect((await call(newRoute.loader, "/admin/academy/courses/new", who)).status).toBe(
        expected,
      );
      expect((await create(who, fields({ title: "Intruder" }))).status).toBe(expected);
      expect(
        (await call(editRoute.loader, `/admin/academy/courses/${id}`, who, { id })).status,
      ).toBe(expected);
      expect((await edit(id, who, fields({ title: "Defaced" }))).status).toBe(expected);
    }
    expect(await db().select().from(courses).where(eq(courses.title, "Intruder"))).toEqual([]);
    expect((await courseRow(id))?.title).toBe("Guarded");
  });
});

describe("creating a course", () => {
  it("writes a draft with a derived slug, audited, that no member sees", async () => {
    const id = await createdId(await create(admin, fields()));
    const row = (await courseRow(id))!;
    expect(row).toMatchObject({
      slug: "moon-gardening",
      title: "Moon Gardening",
      status: "draft",
      level: "beginner",
      categoryId,
      isPremium: false,
      estimatedMinutes: 45,
      instructorId: admin.userId,
      publishedAt: null,
    });
    expect(row.descriptionHtml).toContain("<strong>timing</strong>");
    const [audit] = await audits("course.create", id);
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: "course" });

    expect(await coursePage("moon-gardening", premium.rules)).toBeNull();
    expect(await coursePage("moon-gardening", null)).toBeNull();
    expect((await academyLanding(premium.rules)).latest.map((c) => c.slug)).not.toContain(
      "moon-gardening",
    );
    expect((await coursePage("moon-gardening", admin.rules))?.course.status).toBe("draft");

    const loaded = await call(editRoute.loader, `/admin/academy/courses/${id}?created=1`, admin, {
      id,
    });
    expect(loaded.data).toMatchObject({ course: { id, title: "Moon Gardening" }, created: true });
  });

  it("gives a taken title, a reserved word and a title without letters slugs of their own", async () => {
    const again = await courseRow(await createdId(await create(admin, fields())));
    expect(again?.slug).toMatch(/^moon-gardening-[0-9a-f]{6}$/);
    const reserved = await courseRow(
      await createdId(await create(admin, fields({ title: "Category" }))),
    );
    expect(reserved?.slug).toMatch(/^category-[0-9a-f]{6}$/);
    const symbols = await courseRow(await createdId(await create(admin, fields({ title: "☾☾☾" }))));
    expect(symbols?.slug).toMatch(/^course(-[0-9a-f]{6})?$/);
    const premiumCourse = await courseRow(
      await createdId(await create(admin, fields({ title: "Deep Work", isPremium: "on" }))),
    );
    expect(premiumCourse?.isPremium).toBe(true);
  });

  it("answers hostile and oversized input with translated messages and writes nothing", async () => {
    const before = (await db().select({ id: courses.id }).from(courses)).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ title: "   " }, "title", "academy.admin.errors.titleRequired"],
      [{ title: "x".repeat(121) }, "title", "academy.admin.errors.titleTooLong"],
      [{ summary: "s".repeat(301) }, "summary", "academy.admin.errors.summaryTooLong"],
      [
        { description: "d".repeat(20_001) },
        "description",
        "academy.admin.errors.descriptionTooLong",
      ],
      [{ level: "wizard" }, "level", "academy.admin.errors.level"],
      [{ categoryId: "'; drop table courses; --" }, "categoryId", "academy.admin.errors.category"],
      [{ estimatedMinutes: "-1" }, "estimatedMinutes", "academy.admin.errors.minutes"],
      [{ estimatedMinutes: "1e12" }, "estimatedMinutes", "academy.admin.errors.minutes"],
      [{ estimatedMinutes: "2.5" }, "estimatedMinutes", "academy.admin.errors.minutes"],
      [{ estimatedMinutes: "many" }, "estimatedMinutes", "academy.admin.errors.minutes"],
    ];
    for (const [override, field, key] of cases) {
      const answer = await create(admin, fields(override));
      expect(answer.status, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(answer.body?.fieldErrors?.[field]).toBe(key);
    }
    const { title: _title, ...withoutTitle } = fields();
    expect((await create(admin, withoutTitle)).body?.fieldErrors?.title).toBe(
      "academy.admin.errors.titleRequired",
    );
    const unknownCategory = await create(admin, fields({ categoryId: UNKNOWN }));
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body?.formError).toBe("academy.refusals.category");
    expect((await db().select({ id: courses.id }).from(courses)).length).toBe(before);
  });
});

describe("editing a course", () => {
  it("saves the fields, keeps slug and status, and audits the change", async () => {
    const id = await createdId(await create(admin, fields({ title: "Candle Craft" })));
    const answer = await edit(
      id,
      admin,
      fields({
        title: "Candle Craft, Revised",
        level: "advanced",
        categoryId: "",
        isPremium: "on",
        estimatedMinutes: "90",
        description: "<script>alert(1)</script>\n\nPlain *text*",
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, toast: { key: "academy.admin.saved" } });
    const row = (await courseRow(id))!;
    expect(row).toMatchObject({
      slug: "candle-craft",
      title: "Candle Craft, Revised",
      status: "draft",
      level: "advanced",
      categoryId: null,
      isPremium: true,
      estimatedMinutes: 90,
    });
    expect(row.descriptionHtml).not.toContain("<script");
    expect(row.descriptionHtml).toContain("<em>text</em>");
    expect(await audits("course.update", id)).toHaveLength(1);
  });

  it("refuses bad input, malformed ids and unknown courses without changing anything", async () => {
    const id = await createdId(await create(admin, fields({ title: "Stone Lore" })));
    const bad = await edit(id, admin, fields({ title: "" }));
    expect(bad.status).toBe(400);
    expect(bad.body?.fieldErrors?.title).toBe("academy.admin.errors.titleRequired");
    expect((await edit("not-an-id", admin, fields())).status).toBe(400);
    expect(
      (await call(editRoute.loader, "/admin/academy/courses/x", admin, { id: "../x" })).status,
    ).toBe(400);
    expect((await edit(UNKNOWN, admin, fields())).status).toBe(404);
    expect(
      (await call(editRoute.loader, `/admin/academy/courses/${UNKNOWN}`, admin, { id: UNKNOWN }))
        .status,
    ).toBe(404);
    expect((await edit(id, admin, fields({ categoryId: UNKNOWN }))).status).toBe(400);
    expect((await courseRow(id))?.title).toBe("Stone Lore");
    expect(await audits("course.update", id)).toEqual([]);
  });
});

describe("a course's cover image", () => {
  /** A real PNG of the given size, made by sharp. */
  async function png(width = 64, height = 48): Promise<Uint8Array<ArrayBuffer>> {
    const { default: sharp } = await import("sharp");
    const buffer = await sharp({
      create: { width, height, channels: 3, background: { r: 90, g: 60, b: 160 } },
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

  const createWith = (cover: File, overrides: Record<string, string> = {}) =>
    call(
      newRoute.action,
      "/admin/academy/courses/new",
      admin,
      {},
      multipart(fields(overrides), cover),
    );
  const editWith = (id: string, values: Record<string, string>, cover?: File, who = admin) =>
    call(
      editRoute.action,
      `/admin/academy/courses/${id}`,
      who,
      { id },
      multipart(fields(values), cover),
    );

  it("is stored re-encoded with the new course, shown on its card and page, and audited", async () => {
    const cover = new File([await png()], "cover.png", { type: "image/png" });
    const id = await createdId(await createWith(cover, { title: "Covered Course" }));
    const row = (await courseRow(id))!;
    expect(row.coverUrl).toMatch(/^\/uploads\/courses\/[0-9a-f-]{36}\.webp$/);
    const stored = await readFile(path.join(config().DATA_DIR, row.coverUrl!.slice(1)));
    const { default: sharp } = await import("sharp");
    expect(await sharp(stored).metadata()).toMatchObject({
      format: "webp",
      width: COURSE_COVER.width,
      height: COURSE_COVER.height,
    });
    const [audit] = await audits("course.create", id);
    expect(audit?.details).toMatchObject({ cover: row.coverUrl });

    await setCourseStatus(admin.rules, id, "published");
    const card = (await academyLanding(null)).latest.find((course) => course.id === id);
    expect(card?.coverUrl).toBe(row.coverUrl);
    expect((await coursePage(row.slug, null))?.course.coverUrl).toBe(row.coverUrl);
  });

  it("stays when the form has no file, is replaced by a new one, and goes when removed", async () => {
    const id = await createdId(
      await createWith(new File([await png()], "a.png", { type: "image/png" }), {
        title: "Changing Covers",
      }),
    );
    const first = (await courseRow(id))!.coverUrl;
    expect((await editWith(id, { title: "Changing Covers" })).status).toBe(200);
    expect((await courseRow(id))!.coverUrl).toBe(first);
    const updates = () => audits("course.update", id);
    expect((await updates())[0]?.details).not.toHaveProperty("cover");

    await editWith(
      id,
      { title: "Changing Covers" },
      new File([await png(80, 80)], "b.png", { type: "image/png" }),
    );
    const second = (await courseRow(id))!.coverUrl;
    expect(second).toMatch(/^\/uploads\/courses\//);
    expect(second).not.toBe(first);

    expect((await editWith(id, { title: "Changing Covers", removeCover: "on" })).status).toBe(200);
    expect((await courseRow(id))!.coverUrl).toBeNull();
    const details = (await updates()).map((row) => row.details as Record<string, unknown>);
    expect(details.map((d) => d.cover)).toEqual(expect.arrayContaining([second, null]));
  });

  it("refuses files that are not images by their bytes, or too large, with translated messages", async () => {
    const id = await createdId(await create(admin, fields({ title: "Guarded Cover" })));
    const before = (await db().select({ id: courses.id }).from(courses)).length;
    const bigBytes = new Uint8Array(COURSE_LIMITS.coverBytes + 1);
    bigBytes.set(await png());
    const cases: [File, string][] = [
      // Named and typed as a PNG, but text: the bytes decide.
      [
        new File(["<svg onload=alert(1)>"], "x.png", { type: "image/png" }),
        "academy.admin.errors.coverType",
      ],
      [
        new File(["plain words"], "notes.txt", { type: "text/plain" }),
        "academy.admin.errors.coverType",
      ],
      [
        new File([await png()], "x.svg", { type: "image/svg+xml" }),
        "academy.admin.errors.coverType",
      ],
      [
        new File([bigBytes], "big.png", { type: "image/png" }),
        "academy.admin.errors.coverTooLarge",
      ],
    ];
    for (const [file, key] of cases) {
      const created = await createWith(file, { title: "Never Written" });
      expect(created.status, file.name).toBe(400);
      expect(created.body?.fieldErrors?.cover).toBe(key);
      const edited = await editWith(id, { title: "Guarded Cover, Changed" }, file);
      expect(edited.status, file.name).toBe(400);
      expect(edited.body?.fieldErrors?.cover).toBe(key);
      expect(edited.body?.values?.title).toBe("Guarded Cover, Changed");
    }
    expect((await db().select({ id: courses.id }).from(courses)).length).toBe(before);
    expect(await courseRow(id)).toMatchObject({ title: "Guarded Cover", coverUrl: null });
  });

  it("is refused to members before any file is read", async () => {
    const id = await createdId(await create(admin, fields({ title: "Members Cannot Cover" })));
    const cover = new File([await png()], "c.png", { type: "image/png" });
    expect((await editWith(id, {}, cover, premium)).status).toBe(403);
    expect((await courseRow(id))!.coverUrl).toBeNull();
  });
});
