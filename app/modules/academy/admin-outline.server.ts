import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, ne, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { renderMarkdown } from "#app/lib/markdown.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { slugify } from "#app/modules/profiles";
import { AcademyRefusedError } from "./academy.server";
import { OUTLINE_LIMITS, type LessonFields } from "./admin-validation";
import { deleteReleased, lessonMediaIds } from "./lesson-media.server";
import { canManageAcademy, type AcademyActor } from "./policy";
import {
  courseModules,
  courses,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
  quizzes,
} from "./schema";

/*
 * A course's outline — its modules and their lessons — and the lesson editor
 * (docs/decisions/053-academy-outline.md). Admins only. Every command is one transaction that
 * first locks the course row, so two admins editing one outline take turns: positions are
 * rewritten 0…n-1 under that lock and stay dense and unique, and a lesson slug is checked free
 * within the course before it is written. Each writes its `course_module.*` or `lesson.*` audit
 * row in the same transaction. Lessons that members completed, or whose quiz they took, are
 * history and are not deleted (409): their progress counts towards enrollments and certificates.
 */

function requireManager(actor: AcademyActor): string {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  return actor!.id;
}

/**
 * How many questions the lesson's quiz has, or null when it has none. Written with its own table
 * aliases and the lesson's qualified id: drizzle leaves columns unqualified in a one-table select.
 */
function quizQuestionCount() {
  return sql<number | null>`(select count(qq.id) from ${quizzes} q
    left join ${quizQuestions} qq on qq.quiz_id = q.id
    where q.lesson_id = "lessons"."id" group by q.id)`.mapWith((value) =>
    value === null ? null : Number(value),
  );
}

/** The course's outline for the editor: every module in order with its lessons in order. */
export async function outlinePage(courseId: string) {
  const [course] = await db()
    .select({ id: courses.id, slug: courses.slug, title: courses.title, status: courses.status })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const [modules, lessonRows] = await Promise.all([
    db()
      .select({ id: courseModules.id, title: courseModules.title })
      .from(courseModules)
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(courseModules.position), asc(courseModules.id)),
    db()
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        slug: lessons.slug,
        title: lessons.title,
        estimatedMinutes: lessons.estimatedMinutes,
        requiresPrevious: lessons.requiresPrevious,
        quizQuestions: quizQuestionCount(),
      })
      .from(lessons)
      .where(eq(lessons.courseId, courseId))
      .orderBy(asc(lessons.position), asc(lessons.id)),
  ]);
  return {
    course,
    modules: modules.map((module) => ({
      ...module,
      lessons: lessonRows
        .filter((lesson) => lesson.moduleId === module.id)
        .map(({ moduleId: _m, ...lesson }) => lesson),
    })),
  };
}

/** One lesson as its editor shows it (of that course only), or null. */
export async function lessonEditorPage(courseId: string, lessonId: string) {
  const [row] = await db()
    .select({
      course: { id: courses.id, slug: courses.slug, title: courses.title, status: courses.status },
      moduleTitle: courseModules.title,
      lesson: {
        id: lessons.id,
        slug: lessons.slug,
        title: lessons.title,
        body: lessons.body,
        estimatedMinutes: lessons.estimatedMinutes,
        requiresPrevious: lessons.requiresPrevious,
      },
      quizQuestions: quizQuestionCount(),
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  return row ?? null;
}

/** Locks the course row for the rest of the transaction (404 when there is no such course). */
async function lockCourse(tx: Db, courseId: string) {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for("update");
  if (!course) throw new AcademyRefusedError("notFound");
}

/** The course's modules in order (ids), read under the course's lock. */
async function moduleOrder(tx: Db, courseId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: courseModules.id })
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.id));
  return rows.map((row) => row.id);
}

/** A module's lessons in order (ids). */
async function lessonOrder(tx: Db, moduleId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.moduleId, moduleId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  return rows.map((row) => row.id);
}

/** Positions 0…n-1 in this order: dense and unique, repairing gaps and ties left by the seed. */
async function writeModuleOrder(tx: Db, order: readonly string[]) {
  for (const [position, id] of order.entries())
    await tx.update(courseModules).set({ position }).where(eq(courseModules.id, id));
}

async function writeLessonOrder(tx: Db, order: readonly string[]) {
  for (const [position, id] of order.entries())
    await tx.update(lessons).set({ position }).where(eq(lessons.id, id));
}

/** `order` with the entry at `at` swapped with its neighbour; null at either end. */
function swapped(order: readonly string[], at: number, direction: "up" | "down"): string[] | null {
  const to = direction === "up" ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= order.length) return null;
  const next = [...order];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

async function moduleOf(tx: Db, courseId: string, moduleId: string) {
  const [module] = await tx
    .select({ id: courseModules.id, title: courseModules.title })
    .from(courseModules)
    .where(and(eq(courseModules.id, moduleId), eq(courseModules.courseId, courseId)));
  if (!module) throw new AcademyRefusedError("notFound");
  return module;
}

async function lessonOf(tx: Db, courseId: string, lessonId: string) {
  const [lesson] = await tx
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      slug: lessons.slug,
      title: lessons.title,
    })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  if (!lesson) throw new AcademyRefusedError("notFound");
  return lesson;
}

/** Whether members completed any of these lessons or took one of their quizzes. */
async function taken(tx: Db, lessonIds: readonly string[]): Promise<boolean> {
  if (lessonIds.length === 0) return false;
  const [done] = await tx
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(inArray(lessonProgress.lessonId, [...lessonIds]))
    .limit(1);
  if (done) return true;
  const [attempt] = await tx
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(inArray(quizzes.lessonId, [...lessonIds]))
    .limit(1);
  return Boolean(attempt);
}

/** A slug no other lesson of the course has: from the title, with a short suffix when taken. */
async function freeLessonSlug(tx: Db, courseId: string, title: string): Promise<string> {
  const base = slugify(title, OUTLINE_LIMITS.slugMax - 7, "lesson");
  const [used] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.courseId, courseId), eq(lessons.slug, base)))
    .limit(1);
  return used ? `${base}-${randomBytes(3).toString("hex")}` : base;
}

async function audit(
  tx: Db,
  actorId: string,
  action: string,
  target: { type: "course_module" | "lesson"; id: string },
  details: Record<string, unknown>,
) {
  await recordAudit(tx, {
    actorId,
    action,
    targetType: target.type,
    targetId: target.id,
    details,
  });
}

/** Adds a module at the end of the course. */
export async function createModule(
  actor: AcademyActor,
  courseId: string,
  title: string,
): Promise<string> {
  const actorId = requireManager(actor);
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const order = await moduleOrder(tx, courseId);
    if (order.length >= OUTLINE_LIMITS.modulesMax) throw new AcademyRefusedError("modulesFull");
    const { id } = firstRow(
      await tx
        .insert(courseModules)
        .values({ courseId, title, position: order.length })
        .returning({ id: courseModules.id }),
      "created module",
    );
    await writeModuleOrder(tx, [...order, id]);
    await audit(
      tx,
      actorId,
      "course_module.create",
      { type: "course_module", id },
      {
        courseId,
        title,
      },
    );
    return id;
  });
}

export async function renameModule(
  actor: AcademyActor,
  courseId: string,
  moduleId: string,
  title: string,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const module = await moduleOf(tx, courseId, moduleId);
    await tx.update(courseModules).set({ title }).where(eq(courseModules.id, moduleId));
    await audit(
      tx,
      actorId,
      "course_module.rename",
      { type: "course_module", id: moduleId },
      {
        courseId,
        title: { from: module.title, to: title },
      },
    );
  });
}

/** Swaps a module with its neighbour (nothing to do at either end). */
export async function moveModule(
  actor: AcademyActor,
  courseId: string,
  moduleId: string,
  direction: "up" | "down",
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    await moduleOf(tx, courseId, moduleId);
    const order = await moduleOrder(tx, courseId);
    const next = swapped(order, order.indexOf(moduleId), direction);
    if (!next) return;
    await writeModuleOrder(tx, next);
    await audit(
      tx,
      actorId,
      "course_module.move",
      { type: "course_module", id: moduleId },
      {
        courseId,
        direction,
        position: next.indexOf(moduleId) + 1,
      },
    );
  });
}

/**
 * Deletes a module with its lessons. `lessonCount` is the number of lessons the admin was shown
 * and confirmed: when the module holds another number now (someone added or moved one since),
 * nothing is deleted (409) and the page shows the module as it is. A module with a lesson
 * members completed or whose quiz they took is not deleted (409).
 */
export async function deleteModule(
  actor: AcademyActor,
  courseId: string,
  moduleId: string,
  lessonCount: number,
): Promise<void> {
  const actorId = requireManager(actor);
  const released = await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const module = await moduleOf(tx, courseId, moduleId);
    const held = await lessonOrder(tx, moduleId);
    if (held.length !== lessonCount) throw new AcademyRefusedError("moduleChanged");
    if (await taken(tx, held)) throw new AcademyRefusedError("lessonTaken");
    // The lessons' videos and downloads go with them, once this commits.
    const media = await lessonMediaIds(tx, held);
    await tx.delete(courseModules).where(eq(courseModules.id, moduleId));
    await writeModuleOrder(
      tx,
      (await moduleOrder(tx, courseId)).filter((id) => id !== moduleId),
    );
    await audit(
      tx,
      actorId,
      "course_module.delete",
      { type: "course_module", id: moduleId },
      {
        courseId,
        title: module.title,
        lessons: held.length,
      },
    );
    return media;
  });
  await deleteReleased(released);
}

/** Adds a lesson at the end of a module: a title, a slug made from it, no text yet. */
export async function createLesson(
  actor: AcademyActor,
  courseId: string,
  moduleId: string,
  title: string,
): Promise<string> {
  const actorId = requireManager(actor);
  return db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    await moduleOf(tx, courseId, moduleId);
    const { lessons: total } = firstRow(
      await tx.select({ lessons: count() }).from(lessons).where(eq(lessons.courseId, courseId)),
      "lessons of the course",
    );
    if (total >= OUTLINE_LIMITS.lessonsMax) throw new AcademyRefusedError("lessonsFull");
    const order = await lessonOrder(tx, moduleId);
    const slug = await freeLessonSlug(tx, courseId, title);
    const { id } = firstRow(
      await tx
        .insert(lessons)
        .values({ courseId, moduleId, slug, title, position: order.length })
        .returning({ id: lessons.id }),
      "created lesson",
    );
    await writeLessonOrder(tx, [...order, id]);
    await audit(
      tx,
      actorId,
      "lesson.create",
      { type: "lesson", id },
      {
        courseId,
        moduleId,
        title,
        slug,
      },
    );
    return id;
  });
}

/** Swaps a lesson with its neighbour in its module (nothing to do at either end). */
export async function moveLesson(
  actor: AcademyActor,
  courseId: string,
  lessonId: string,
  direction: "up" | "down",
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const lesson = await lessonOf(tx, courseId, lessonId);
    const order = await lessonOrder(tx, lesson.moduleId);
    const next = swapped(order, order.indexOf(lessonId), direction);
    if (!next) return;
    await writeLessonOrder(tx, next);
    await audit(
      tx,
      actorId,
      "lesson.move",
      { type: "lesson", id: lessonId },
      {
        courseId,
        direction,
        position: next.indexOf(lessonId) + 1,
      },
    );
  });
}

/** Moves a lesson to the end of another module of the same course. */
export async function moveLessonToModule(
  actor: AcademyActor,
  courseId: string,
  lessonId: string,
  moduleId: string,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const lesson = await lessonOf(tx, courseId, lessonId);
    await moduleOf(tx, courseId, moduleId);
    if (lesson.moduleId === moduleId) return;
    const target = await lessonOrder(tx, moduleId);
    await tx
      .update(lessons)
      .set({ moduleId, position: target.length, updatedAt: new Date() })
      .where(eq(lessons.id, lessonId));
    await writeLessonOrder(tx, [...target, lessonId]);
    await writeLessonOrder(tx, await lessonOrder(tx, lesson.moduleId));
    await audit(
      tx,
      actorId,
      "lesson.module",
      { type: "lesson", id: lessonId },
      {
        courseId,
        moduleId: { from: lesson.moduleId, to: moduleId },
      },
    );
  });
}

/** Deletes a lesson (and its quiz) that no member completed or took the quiz of (else 409). */
export async function deleteLesson(
  actor: AcademyActor,
  courseId: string,
  lessonId: string,
): Promise<void> {
  const actorId = requireManager(actor);
  const released = await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const lesson = await lessonOf(tx, courseId, lessonId);
    if (await taken(tx, [lessonId])) throw new AcademyRefusedError("lessonTaken");
    // Its video and downloads go with it, once this commits.
    const media = await lessonMediaIds(tx, [lessonId]);
    await tx.delete(lessons).where(eq(lessons.id, lessonId));
    await writeLessonOrder(tx, await lessonOrder(tx, lesson.moduleId));
    await audit(
      tx,
      actorId,
      "lesson.delete",
      { type: "lesson", id: lessonId },
      {
        courseId,
        title: lesson.title,
        slug: lesson.slug,
      },
    );
    return media;
  });
  await deleteReleased(released);
}

/**
 * Saves a lesson's fields; the Markdown is rendered and sanitized into `body_html` by the house's
 * renderer, as course descriptions are. A slug another lesson of the course has is refused (409).
 */
export async function updateLesson(
  actor: AcademyActor,
  courseId: string,
  lessonId: string,
  fields: LessonFields,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    await lockCourse(tx, courseId);
    const lesson = await lessonOf(tx, courseId, lessonId);
    const [used] = await tx
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        and(
          eq(lessons.courseId, courseId),
          eq(lessons.slug, fields.slug),
          ne(lessons.id, lessonId),
        ),
      )
      .limit(1);
    if (used) throw new AcademyRefusedError("slugTaken");
    await tx
      .update(lessons)
      .set({
        title: fields.title,
        slug: fields.slug,
        body: fields.body,
        bodyHtml: renderMarkdown(fields.body),
        estimatedMinutes: fields.estimatedMinutes,
        requiresPrevious: fields.requiresPrevious,
        updatedAt: new Date(),
      })
      .where(eq(lessons.id, lessonId));
    await audit(
      tx,
      actorId,
      "lesson.update",
      { type: "lesson", id: lessonId },
      {
        courseId,
        title: fields.title,
        ...(fields.slug !== lesson.slug
          ? { slug: { from: lesson.slug, to: fields.slug } }
          : { slug: fields.slug }),
        estimatedMinutes: fields.estimatedMinutes,
        requiresPrevious: fields.requiresPrevious,
      },
    );
  });
}
