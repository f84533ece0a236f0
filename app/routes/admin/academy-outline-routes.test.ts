import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import {
  activeCategories,
  completeLesson,
  enroll,
  insertCourse,
  setCourseStatus,
  type SeedCourse,
} from "#app/modules/academy/index.server";
import { OUTLINE_LIMITS } from "#app/modules/academy/admin-validation";
import {
  academyCategories,
  courseModules,
  courses,
  enrollments,
  lessons,
} from "#app/modules/academy/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute, type RouteAnswer } from "../../../tests/helpers/route-call";
import * as categoriesRoute from "./academy-categories";
import * as outlineRoute from "./academy-outline";
import * as lessonRoute from "./academy-lesson";
import * as courseEditRoute from "./academy-course";
import * as coursePageRoute from "../academy/course";
import * as lessonPageRoute from "../academy/lesson";

/*
 * Categories, a course's outline and the lesson editor as the framework calls them
 * (docs/decisions/053-academy-outline.md): admins only; positions dense and unique after every
 * change, concurrent ones included; hostile input a 4xx with a translated message that writes
 * nothing; every change audited; drafts invisible to members, and `?preview=member` honoured
 * for admins only.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let free: Account;
let premium: Account;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Outline Admin" });
  free = await member({ name: "Free Learner" });
  premium = await member({ name: "Premium Learner", tier: "full" });
});
afterAll(() => cleanup());

const call = (
  run: (args: never) => unknown,
  path: string,
  who: Account | null,
  params: Record<string, string> = {},
  fields?: Record<string, string>,
) => callRoute(run, path, who?.cookie ?? null, params, fields);

function seedCourse(slug: string, lessonNames = ["first", "second", "third"]): SeedCourse {
  return {
    slug,
    title: `Course ${slug}`,
    summary: "A course for the outline editor.",
    description: "",
    level: "beginner",
    category: "",
    isPremium: false,
    isFeatured: false,
    modules: [
      {
        title: "Opening",
        lessons: lessonNames.map((name) => ({
          slug: `${slug}-${name}`,
          title: `The ${name} lesson`,
          minutes: 5,
          body: `The ${name} lesson's text.`,
        })),
      },
    ],
  };
}

async function newCourse(slug: string, lessonNames?: string[]): Promise<string> {
  return db().transaction((tx) =>
    insertCourse(tx, seedCourse(slug, lessonNames), {
      categoryId: null,
      instructorId: admin.userId,
    }),
  );
}

async function audits(action: string, targetId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

function expectTranslatedRefusal(answer: RouteAnswer, status: number, key: string) {
  expect(answer.status).toBe(status);
  expect(answer.body?.ok).toBe(false);
  const messages = [answer.body?.formError, ...Object.values(answer.body?.fieldErrors ?? {})];
  expect(messages).toContain(key);
}

// ---------------------------------------------------------------------------------------------
// Categories

const CATEGORIES = "/admin/academy/categories";
const postCategory = (fields: Record<string, string>, who: Account | null = admin) =>
  call(categoriesRoute.action, CATEGORIES, who, {}, fields);

async function categoryOrder() {
  return db()
    .select({
      id: academyCategories.id,
      slug: academyCategories.slug,
      displayOrder: academyCategories.displayOrder,
      isActive: academyCategories.isActive,
    })
    .from(academyCategories)
    .orderBy(asc(academyCategories.displayOrder), asc(academyCategories.title));
}

async function categoryId(slug: string): Promise<string> {
  const [row] = await db()
    .select({ id: academyCategories.id })
    .from(academyCategories)
    .where(eq(academyCategories.slug, slug));
  return row!.id;
}

function expectDense(positions: number[]) {
  expect(positions).toEqual(positions.map((_, index) => index));
}

describe("academy categories", () => {
  it("send guests to sign in and refuse free and premium members, writing nothing", async () => {
    for (const who of [null, free, premium]) {
      const expected = who ? 403 : 302;
      expect((await call(categoriesRoute.loader, CATEGORIES, who)).status).toBe(expected);
      expect(
        (await postCategory({ intent: "category-create", title: "Intruders", isActive: "on" }, who))
          .status,
      ).toBe(expected);
    }
    expect(
      await db().select().from(academyCategories).where(eq(academyCategories.title, "Intruders")),
    ).toEqual([]);
  });

  it("are created, edited, reordered and deleted by admins, audited, positions kept dense", async () => {
    const created = await postCategory({
      intent: "category-create",
      title: "Crystal Work",
      slug: "",
      isActive: "on",
    });
    expect(created).toMatchObject({ status: 200, body: { ok: true } });
    for (const title of ["Herbal Lore", "Moon Rites"])
      await postCategory({ intent: "category-create", title, isActive: "on" });
    await postCategory({
      intent: "category-create",
      title: "Astrology",
      slug: "stars",
      isActive: "on",
      displayOrder: "1",
    });
    let order = await categoryOrder();
    expect(order.map((row) => row.slug)).toEqual([
      "stars",
      "crystal-work",
      "herbal-lore",
      "moon-rites",
    ]);
    expectDense(order.map((row) => row.displayOrder));
    const crystal = await categoryId("crystal-work");
    expect((await audits("academy_category.create", crystal))[0]).toMatchObject({
      actorId: admin.userId,
      targetType: "academy_category",
    });

    // Down, then up at the top (nothing to do), then an edit that moves it to the end.
    await postCategory({ intent: "category-move", categoryId: crystal, direction: "down" });
    expect((await categoryOrder()).map((row) => row.slug)).toEqual([
      "stars",
      "herbal-lore",
      "crystal-work",
      "moon-rites",
    ]);
    const stars = await categoryId("stars");
    await postCategory({ intent: "category-move", categoryId: stars, direction: "up" });
    expect((await categoryOrder())[0]!.slug).toBe("stars");
    expect(await audits("academy_category.move", crystal)).toHaveLength(1);

    const saved = await postCategory({
      intent: "category-update",
      categoryId: crystal,
      title: "Crystals",
      slug: "crystals",
      displayOrder: "4",
    });
    expect(saved.status).toBe(200);
    order = await categoryOrder();
    expect(order.map((row) => row.slug)).toEqual([
      "stars",
      "herbal-lore",
      "moon-rites",
      "crystals",
    ]);
    expect(order.at(-1)!.isActive).toBe(false);
    expectDense(order.map((row) => row.displayOrder));
    const [update] = await audits("academy_category.update", crystal);
    expect(update?.details).toMatchObject({ slug: { from: "crystal-work", to: "crystals" } });

    // A course of a deleted category stays, without one.
    const courseId = await newCourse("crystal-course", ["only"]);
    await db().update(courses).set({ categoryId: crystal }).where(eq(courses.id, courseId));
    expect((await postCategory({ intent: "category-delete", categoryId: crystal })).status).toBe(
      200,
    );
    const [course] = await db().select().from(courses).where(eq(courses.id, courseId));
    expect(course?.categoryId).toBeNull();
    expect((await audits("academy_category.delete", crystal))[0]?.details).toMatchObject({
      courses: 1,
    });
    expectDense((await categoryOrder()).map((row) => row.displayOrder));
  });

  it("refuse duplicate and malformed slugs, long titles and bad ids with translated messages", async () => {
    const before = await categoryOrder();
    const stars = await categoryId("stars");
    expectTranslatedRefusal(
      await postCategory({ intent: "category-create", title: "Stars again", slug: "stars" }),
      409,
      "academy.refusals.slugTaken",
    );
    expectTranslatedRefusal(
      await postCategory({
        intent: "category-update",
        categoryId: await categoryId("herbal-lore"),
        title: "Herbal Lore",
        slug: "stars",
      }),
      409,
      "academy.refusals.slugTaken",
    );
    for (const slug of ["Upper-Case", "two--hyphens", "-edge", "sp ace", "x".repeat(81)])
      expect(
        (await postCategory({ intent: "category-create", title: "Bad slug", slug })).status,
      ).toBe(400);
    expectTranslatedRefusal(
      await postCategory({ intent: "category-create", title: "x".repeat(100_000) }),
      400,
      "academy.outline.errors.categoryTitleTooLong",
    );
    expectTranslatedRefusal(
      await postCategory({ intent: "category-create", title: "   " }),
      400,
      "academy.outline.errors.categoryTitleRequired",
    );
    expectTranslatedRefusal(
      await postCategory({
        intent: "category-update",
        categoryId: stars,
        title: "Astrology",
        displayOrder: "-3",
      }),
      400,
      "academy.outline.errors.displayOrder",
    );
    expectTranslatedRefusal(
      await postCategory({ intent: "category-delete", categoryId: "not-a-uuid" }),
      400,
      "errors.badId",
    );
    expectTranslatedRefusal(
      await postCategory({ intent: "category-delete", categoryId: UNKNOWN }),
      404,
      "academy.refusals.notFound",
    );
    expect(await categoryOrder()).toEqual(before);
  });

  it("keep the footer to the first 8 active categories, in their order", async () => {
    for (let n = 1; n <= 9; n += 1)
      await postCategory({ intent: "category-create", title: `Footer ${n}`, isActive: "on" });
    const moon = await categoryId("moon-rites");
    await postCategory({
      intent: "category-update",
      categoryId: moon,
      title: "Moon Rites",
      slug: "moon-rites",
    });
    const footer = await activeCategories();
    expect(footer).toHaveLength(8);
    expect(footer.map((c) => c.slug)).not.toContain("moon-rites");
    const active = (await categoryOrder()).filter((row) => row.isActive).slice(0, 8);
    expect(footer.map((c) => c.slug)).toEqual(active.map((row) => row.slug));
  });
});

// ---------------------------------------------------------------------------------------------
// The outline

const outlinePath = (courseId: string) => `/admin/academy/courses/${courseId}/outline`;
const postOutline = (
  courseId: string,
  fields: Record<string, string>,
  who: Account | null = admin,
) => call(outlineRoute.action, outlinePath(courseId), who, { id: courseId }, fields);
const loadOutline = (courseId: string, who: Account | null = admin) =>
  call(outlineRoute.loader, outlinePath(courseId), who, { id: courseId });

async function modulesOf(courseId: string) {
  return db()
    .select({ id: courseModules.id, title: courseModules.title, position: courseModules.position })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position));
}

async function lessonsOf(moduleId: string) {
  return db()
    .select({
      id: lessons.id,
      title: lessons.title,
      slug: lessons.slug,
      position: lessons.position,
    })
    .from(lessons)
    .where(eq(lessons.moduleId, moduleId))
    .orderBy(asc(lessons.position));
}

describe("a course's outline", () => {
  it("is for admins only: guests sign in, members are refused, nothing is written", async () => {
    const courseId = await newCourse("guarded-outline", ["only"]);
    const [module] = await modulesOf(courseId);
    for (const who of [null, free, premium]) {
      const expected = who ? 403 : 302;
      expect((await loadOutline(courseId, who)).status).toBe(expected);
      expect(
        (await postOutline(courseId, { intent: "module-create", title: "Intruder" }, who)).status,
      ).toBe(expected);
      expect(
        (
          await postOutline(
            courseId,
            { intent: "lesson-create", moduleId: module!.id, title: "Intruder" },
            who,
          )
        ).status,
      ).toBe(expected);
    }
    expect(await modulesOf(courseId)).toHaveLength(1);
    expect(await lessonsOf(module!.id)).toHaveLength(1);
    expect((await loadOutline(UNKNOWN)).status).toBe(404);
    expect((await loadOutline("not-a-uuid")).status).toBe(400);
  });

  it("adds, renames, reorders and deletes modules and lessons, audited, positions dense", async () => {
    const courseId = await newCourse("outline-course");
    const [opening] = await modulesOf(courseId);
    expect((await postOutline(courseId, { intent: "module-create", title: "Deeper" })).status).toBe(
      200,
    );
    const deeper = (await modulesOf(courseId))[1]!;
    expect((await audits("course_module.create", deeper.id))[0]).toMatchObject({
      actorId: admin.userId,
      targetType: "course_module",
    });
    await postOutline(courseId, { intent: "module-rename", moduleId: deeper.id, title: "Deep" });
    await postOutline(courseId, { intent: "module-move", moduleId: deeper.id, direction: "up" });
    let modules = await modulesOf(courseId);
    expect(modules.map((m) => m.title)).toEqual(["Deep", "Opening"]);
    expectDense(modules.map((m) => m.position));
    expect(await audits("course_module.rename", deeper.id)).toHaveLength(1);

    // Lessons: a new one gets a slug from its title, unique in the course.
    await postOutline(courseId, {
      intent: "lesson-create",
      moduleId: deeper.id,
      title: "The first lesson",
    });
    const [added] = await lessonsOf(deeper.id);
    expect(added).toMatchObject({ title: "The first lesson", position: 0 });
    expect(added!.slug).toMatch(/^the-first-lesson(-[0-9a-f]{6})?$/);
    expect((await audits("lesson.create", added!.id))[0]?.details).toMatchObject({ courseId });

    const openingLessons = await lessonsOf(opening!.id);
    await postOutline(courseId, {
      intent: "lesson-move",
      lessonId: openingLessons[2]!.id,
      direction: "up",
    });
    let reordered = await lessonsOf(opening!.id);
    expect(reordered.map((l) => l.title)).toEqual([
      "The first lesson",
      "The third lesson",
      "The second lesson",
    ]);
    expectDense(reordered.map((l) => l.position));

    await postOutline(courseId, {
      intent: "lesson-module",
      lessonId: openingLessons[0]!.id,
      moduleId: deeper.id,
    });
    expect((await lessonsOf(deeper.id)).map((l) => l.id)).toEqual([
      added!.id,
      openingLessons[0]!.id,
    ]);
    reordered = await lessonsOf(opening!.id);
    expect(reordered.map((l) => l.title)).toEqual(["The third lesson", "The second lesson"]);
    expectDense(reordered.map((l) => l.position));
    expect(await audits("lesson.module", openingLessons[0]!.id)).toHaveLength(1);

    await postOutline(courseId, { intent: "lesson-delete", lessonId: added!.id });
    expect((await lessonsOf(deeper.id)).map((l) => ({ id: l.id, position: l.position }))).toEqual([
      { id: openingLessons[0]!.id, position: 0 },
    ]);
    expect(await audits("lesson.delete", added!.id)).toHaveLength(1);

    // The outline page shows what the database holds, in order.
    const page = await loadOutline(courseId);
    const data = page.data as Awaited<ReturnType<typeof outlineRoute.loader>>;
    expect(data.modules.map((m) => [m.title, m.lessons.map((l) => l.title)])).toEqual([
      ["Deep", ["The first lesson"]],
      ["Opening", ["The third lesson", "The second lesson"]],
    ]);

    modules = await modulesOf(courseId);
    expect(modules).toHaveLength(2);
  });

  it("deletes a module with lessons only with the confirmed lesson count, never one members took", async () => {
    const courseId = await newCourse("module-delete-course");
    const [opening] = await modulesOf(courseId);
    const held = await lessonsOf(opening!.id);
    // The count the admin confirmed no longer matches: nothing is deleted.
    expectTranslatedRefusal(
      await postOutline(courseId, {
        intent: "module-delete",
        moduleId: opening!.id,
        lessonCount: "2",
      }),
      409,
      "academy.refusals.moduleChanged",
    );
    expect(await lessonsOf(opening!.id)).toHaveLength(3);

    // A lesson a member completed keeps its module and itself.
    await setCourseStatus(admin.rules, courseId, "published");
    await enroll(free.rules, courseId);
    await completeLesson(free.rules, held[0]!.id);
    expectTranslatedRefusal(
      await postOutline(courseId, {
        intent: "module-delete",
        moduleId: opening!.id,
        lessonCount: "3",
      }),
      409,
      "academy.refusals.lessonTaken",
    );
    expectTranslatedRefusal(
      await postOutline(courseId, { intent: "lesson-delete", lessonId: held[0]!.id }),
      409,
      "academy.refusals.lessonTaken",
    );
    expect(await lessonsOf(opening!.id)).toHaveLength(3);

    // Without member progress, the confirmed count deletes the module and its lessons.
    const other = await newCourse("module-delete-other", ["a", "b"]);
    const [otherModule] = await modulesOf(other);
    await postOutline(other, { intent: "module-create", title: "Second" });
    expect(
      (
        await postOutline(other, {
          intent: "module-delete",
          moduleId: otherModule!.id,
          lessonCount: "2",
        })
      ).status,
    ).toBe(200);
    expect(await db().select().from(lessons).where(eq(lessons.courseId, other))).toEqual([]);
    const left = await modulesOf(other);
    expect(left.map((m) => [m.title, m.position])).toEqual([["Second", 0]]);
    expect((await audits("course_module.delete", otherModule!.id))[0]?.details).toMatchObject({
      lessons: 2,
    });
  });

  it("refuses ids of another course, malformed ids and hostile text, writing nothing", async () => {
    const courseId = await newCourse("hostile-outline");
    const otherId = await newCourse("hostile-other");
    const [ownModule] = await modulesOf(courseId);
    const [foreignModule] = await modulesOf(otherId);
    const foreignLessons = await lessonsOf(foreignModule!.id);
    const ownLessons = await lessonsOf(ownModule!.id);
    const foreign: Record<string, string>[] = [
      { intent: "module-rename", moduleId: foreignModule!.id, title: "Stolen" },
      { intent: "module-move", moduleId: foreignModule!.id, direction: "down" },
      { intent: "module-delete", moduleId: foreignModule!.id, lessonCount: "3" },
      { intent: "lesson-create", moduleId: foreignModule!.id, title: "Planted" },
      { intent: "lesson-move", lessonId: foreignLessons[0]!.id, direction: "down" },
      { intent: "lesson-module", lessonId: foreignLessons[0]!.id, moduleId: ownModule!.id },
      { intent: "lesson-module", lessonId: ownLessons[0]!.id, moduleId: foreignModule!.id },
      { intent: "lesson-delete", lessonId: foreignLessons[0]!.id },
    ];
    for (const fields of foreign)
      expectTranslatedRefusal(
        await postOutline(courseId, fields),
        404,
        "academy.refusals.notFound",
      );
    const malformed: Record<string, string>[] = [
      { intent: "module-move", moduleId: "not-a-uuid", direction: "up" },
      { intent: "lesson-delete", lessonId: "'; drop table lessons; --" },
      { intent: "lesson-module", lessonId: ownLessons[0]!.id, moduleId: "1" },
    ];
    for (const fields of malformed)
      expectTranslatedRefusal(await postOutline(courseId, fields), 400, "errors.badId");
    expectTranslatedRefusal(
      await postOutline(courseId, { intent: "module-create", title: "x".repeat(100_000) }),
      400,
      "academy.outline.errors.moduleTitleTooLong",
    );
    expectTranslatedRefusal(
      await postOutline(courseId, {
        intent: "lesson-create",
        moduleId: ownModule!.id,
        title: "x".repeat(OUTLINE_LIMITS.lessonTitleMax + 1),
      }),
      400,
      "academy.outline.errors.lessonTitleTooLong",
    );
    expect(
      (
        await postOutline(courseId, {
          intent: "module-move",
          moduleId: ownModule!.id,
          direction: "sideways",
        })
      ).status,
    ).toBe(400);
    expect((await postOutline(courseId, { intent: "nonsense" })).status).toBe(400);
    expect((await postOutline(UNKNOWN, { intent: "module-create", title: "Ghost" })).status).toBe(
      404,
    );
    expect((await lessonsOf(foreignModule!.id)).map((l) => l.id)).toEqual(
      foreignLessons.map((l) => l.id),
    );
    expect((await modulesOf(otherId)).map((m) => m.title)).toEqual(["Opening"]);
    expect((await lessonsOf(ownModule!.id)).map((l) => l.id)).toEqual(ownLessons.map((l) => l.id));
  });

  it("keeps positions dense and unique when admins change one outline at the same time", async () => {
    const courseId = await newCourse("concurrent-outline", ["a", "b", "c", "d"]);
    const [module] = await modulesOf(courseId);
    const held = await lessonsOf(module!.id);
    await Promise.all([
      ...held.map((lesson, index) =>
        postOutline(courseId, {
          intent: "lesson-move",
          lessonId: lesson.id,
          direction: index % 2 ? "up" : "down",
        }),
      ),
      ...[1, 2, 3].map((n) =>
        postOutline(courseId, {
          intent: "lesson-create",
          moduleId: module!.id,
          title: `Extra ${n}`,
        }),
      ),
      ...[1, 2, 3].map((n) => postOutline(courseId, { intent: "module-create", title: `M${n}` })),
    ]);
    const after = await lessonsOf(module!.id);
    expect(after).toHaveLength(7);
    expectDense(after.map((l) => l.position));
    expect(new Set(after.map((l) => l.slug)).size).toBe(7);
    const modules = await modulesOf(courseId);
    expect(modules).toHaveLength(4);
    expectDense(modules.map((m) => m.position));
  });
});

// ---------------------------------------------------------------------------------------------
// The lesson editor

const lessonPath = (courseId: string, lessonId: string) =>
  `/admin/academy/courses/${courseId}/lessons/${lessonId}`;
const postLesson = (
  courseId: string,
  lessonId: string,
  fields: Record<string, string>,
  who: Account | null = admin,
) =>
  call(lessonRoute.action, lessonPath(courseId, lessonId), who, { id: courseId, lessonId }, fields);

const lessonFields = (overrides: Record<string, string> = {}) => ({
  title: "Casting the circle",
  slug: "casting-the-circle",
  body: "## Steps\n\nWalk **sunwise**.\n\n<script>alert(1)</script>",
  estimatedMinutes: "12",
  requiresPrevious: "on",
  ...overrides,
});

describe("the lesson editor", () => {
  it("saves title, slug, Markdown rendered to safe HTML, minutes and the prerequisite, audited", async () => {
    const courseId = await newCourse("editor-course");
    const [module] = await modulesOf(courseId);
    const [, second] = await lessonsOf(module!.id);
    for (const who of [null, free, premium]) {
      const expected = who ? 403 : 302;
      expect(
        (
          await call(lessonRoute.loader, lessonPath(courseId, second!.id), who, {
            id: courseId,
            lessonId: second!.id,
          })
        ).status,
      ).toBe(expected);
      expect((await postLesson(courseId, second!.id, lessonFields(), who)).status).toBe(expected);
    }
    expect((await postLesson(courseId, second!.id, lessonFields())).status).toBe(200);
    const [row] = await db().select().from(lessons).where(eq(lessons.id, second!.id));
    expect(row).toMatchObject({
      title: "Casting the circle",
      slug: "casting-the-circle",
      estimatedMinutes: 12,
      requiresPrevious: true,
    });
    expect(row!.bodyHtml).toContain("<strong>sunwise</strong>");
    expect(row!.bodyHtml).not.toContain("<script");
    const [audit] = await audits("lesson.update", second!.id);
    expect(audit?.details).toMatchObject({
      slug: { from: "editor-course-second", to: "casting-the-circle" },
    });
    const page = await call(lessonRoute.loader, lessonPath(courseId, second!.id), admin, {
      id: courseId,
      lessonId: second!.id,
    });
    expect(page.data).toMatchObject({
      lesson: { title: "Casting the circle", body: lessonFields().body },
      moduleTitle: "Opening",
      quizQuestions: null,
    });
  });

  it("refuses a slug another lesson of the course has, malformed fields, and lessons of other courses", async () => {
    const courseId = await newCourse("editor-hostile");
    const otherId = await newCourse("editor-hostile-other");
    const [module] = await modulesOf(courseId);
    const [first, second] = await lessonsOf(module!.id);
    const [otherModule] = await modulesOf(otherId);
    const [foreign] = await lessonsOf(otherModule!.id);
    expectTranslatedRefusal(
      await postLesson(courseId, second!.id, lessonFields({ slug: first!.slug })),
      409,
      "academy.refusals.slugTaken",
    );
    // Another course's slug is free to use here.
    expect(
      (await postLesson(courseId, second!.id, lessonFields({ slug: foreign!.slug }))).status,
    ).toBe(200);
    const refusals: Array<[Record<string, string>, string]> = [
      [{ slug: "" }, "academy.outline.errors.slugRequired"],
      [{ slug: "Not A Slug" }, "academy.outline.errors.slugInvalid"],
      [{ slug: "a".repeat(81) }, "academy.outline.errors.slugTooLong"],
      [{ title: "" }, "academy.outline.errors.lessonTitleRequired"],
      [{ title: "t".repeat(121) }, "academy.outline.errors.lessonTitleTooLong"],
      [
        { body: "b".repeat(OUTLINE_LIMITS.lessonBodyMax + 1) },
        "academy.outline.errors.bodyTooLong",
      ],
      [{ estimatedMinutes: "0" }, "academy.outline.errors.lessonMinutes"],
      [{ estimatedMinutes: "601" }, "academy.outline.errors.lessonMinutes"],
      [{ estimatedMinutes: "1e309" }, "academy.outline.errors.lessonMinutes"],
    ];
    for (const [overrides, key] of refusals)
      expectTranslatedRefusal(
        await postLesson(courseId, first!.id, lessonFields({ slug: "fine", ...overrides })),
        400,
        key,
      );
    expectTranslatedRefusal(
      await postLesson(courseId, foreign!.id, lessonFields({ slug: "taken-over" })),
      404,
      "academy.refusals.notFound",
    );
    expect(
      (
        await call(lessonRoute.loader, lessonPath(courseId, foreign!.id), admin, {
          id: courseId,
          lessonId: foreign!.id,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(lessonRoute.loader, lessonPath(courseId, "bad"), admin, {
          id: courseId,
          lessonId: "bad",
        })
      ).status,
    ).toBe(400);
    const [unchanged] = await db().select().from(lessons).where(eq(lessons.id, first!.id));
    expect(unchanged?.slug).toBe(first!.slug);
    const [foreignRow] = await db().select().from(lessons).where(eq(lessons.id, foreign!.id));
    expect(foreignRow?.slug).toBe(foreign!.slug);
  });
});

// ---------------------------------------------------------------------------------------------
// Drafts and the member preview

describe("drafts and the member preview", () => {
  it("hides drafts from members whatever the address says, and previews them for admins only", async () => {
    const courseId = await newCourse("preview-course");
    await setCourseStatus(admin.rules, courseId, "draft");
    const [module] = await modulesOf(courseId);
    const [first, second] = await lessonsOf(module!.id);
    await postLesson(
      courseId,
      second!.id,
      lessonFields({ slug: second!.slug, body: "Only **enrolled** eyes." }),
    );
    const coursePath = "/academy/preview-course?preview=member";
    const lessonAddress = `/academy/preview-course/lessons/${second!.slug}?preview=member`;
    for (const who of [null, free, premium]) {
      expect(
        (await call(coursePageRoute.loader, coursePath, who, { slug: "preview-course" })).status,
      ).toBe(404);
      expect(
        (
          await call(lessonPageRoute.loader, lessonAddress, who, {
            slug: "preview-course",
            lesson: second!.slug,
          })
        ).status,
      ).toBe(404);
    }

    const course = await call(coursePageRoute.loader, coursePath, admin, {
      slug: "preview-course",
    });
    expect(course.status).toBe(200);
    expect(course.data).toMatchObject({
      preview: true,
      enrolled: true,
      enrollRefusal: null,
      canReview: false,
      progress: null,
      course: { status: "draft", id: courseId },
    });
    const lesson = await call(lessonPageRoute.loader, lessonAddress, admin, {
      slug: "preview-course",
      lesson: second!.slug,
    });
    expect(lesson.data).toMatchObject({
      preview: true,
      refusal: null,
      completed: false,
      lesson: { requiresPrevious: true },
      previous: { slug: first!.slug },
    });
    expect((lesson.data as { lesson: { bodyHtml: string } }).lesson.bodyHtml).toContain(
      "<strong>enrolled</strong>",
    );
    // A preview records nothing: the admin is not enrolled and has no place to resume.
    expect(
      await db()
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, admin.userId))),
    ).toEqual([]);

    // Published, a member's `?preview=member` is ignored: the page is their own.
    await setCourseStatus(admin.rules, courseId, "published");
    const own = await call(coursePageRoute.loader, coursePath, free, { slug: "preview-course" });
    expect(own.data).toMatchObject({ preview: false, enrolled: false, enrollRefusal: null });
    const locked = await call(lessonPageRoute.loader, lessonAddress, free, {
      slug: "preview-course",
      lesson: second!.slug,
    });
    expect(locked.data).toMatchObject({ preview: false, refusal: "enroll" });
    expect((locked.data as { lesson: { bodyHtml: string } }).lesson.bodyHtml).toBe("");
  });

  it("shows a course's enrollment and completion figures on its edit page", async () => {
    const courseId = await newCourse("figures-course", ["only"]);
    const [module] = await modulesOf(courseId);
    const [only] = await lessonsOf(module!.id);
    await enroll(free.rules, courseId);
    await enroll(premium.rules, courseId);
    await completeLesson(free.rules, only!.id);
    const page = await call(courseEditRoute.loader, `/admin/academy/courses/${courseId}`, admin, {
      id: courseId,
    });
    expect(page.data).toMatchObject({
      course: { enrollmentCount: 2, completionCount: 1, reviewCount: 0, rating: null },
    });
  });
});
