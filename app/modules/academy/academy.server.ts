import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { profiles } from "#app/modules/profiles/schema";
import { award } from "#app/modules/reputation/index.server";
import {
  answeredRight,
  canReviewCourse,
  enrollRefusal,
  lessonRefusal,
  quizScore,
  type AcademyActor,
  type LessonRefusal,
} from "./policy";
import {
  certificates,
  courseReviews,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
  courseModules,
} from "./schema";

/** A refusal of a learning command; routes answer notFound with 404, the rest with 403. */
export class AcademyRefusedError extends Error {
  constructor(
    readonly reason:
      | LessonRefusal
      | "quizLesson"
      | "review"
      | "category"
      | "quizExists"
      | "quizAttempted"
      | "questionsFull"
      | "slugTaken"
      | "categoriesFull"
      | "modulesFull"
      | "lessonsFull"
      | "moduleChanged"
      | "lessonTaken"
      | "filesFull",
  ) {
    super(`academy: ${reason}`);
  }
}

const courseRules = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  status: courses.status,
  isPremium: courses.isPremium,
};

async function courseById(handle: Db, courseId: string) {
  const [course] = await handle.select(courseRules).from(courses).where(eq(courses.id, courseId));
  return course ?? null;
}

async function enrollmentOf(handle: Db, courseId: string, userId: string) {
  const [row] = await handle
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
  return row ?? null;
}

/** The course's lessons in reading order (module position, then lesson position). */
export async function courseLessonOrder(handle: Db, courseId: string) {
  return handle
    .select({
      id: lessons.id,
      slug: lessons.slug,
      title: lessons.title,
      requiresPrevious: lessons.requiresPrevious,
      moduleId: lessons.moduleId,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(lessons.position), asc(lessons.id));
}

/** Enrolls the actor (idempotent). Refused for guests, drafts and premium courses without premium. */
export async function enroll(actor: AcademyActor, courseId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const course = await courseById(tx, courseId);
    if (!course) throw new AcademyRefusedError("notFound");
    const refusal = enrollRefusal(actor, course);
    if (refusal) throw new AcademyRefusedError(refusal);
    const inserted = await tx
      .insert(enrollments)
      .values({ courseId, userId: actor!.id })
      .onConflictDoNothing()
      .returning({ courseId: enrollments.courseId });
    if (inserted.length > 0)
      await tx
        .update(courses)
        .set({ enrollmentCount: sql`${courses.enrollmentCount} + 1` })
        .where(eq(courses.id, courseId));
  });
}

interface LessonAccess {
  course: {
    id: string;
    slug: string;
    title: string;
    status: "draft" | "published";
    isPremium: boolean;
  };
  lesson: { id: string; requiresPrevious: boolean };
  enrolled: boolean;
  refusal: LessonRefusal | null;
}

/** Decides whether the actor may use a lesson (reads enrollment and the previous lesson's progress). */
async function lessonAccess(
  handle: Db,
  actor: AcademyActor,
  lessonId: string,
): Promise<LessonAccess> {
  const [row] = await handle
    .select({ course: courseRules, requiresPrevious: lessons.requiresPrevious })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw new AcademyRefusedError("notFound");
  const enrollment = actor ? await enrollmentOf(handle, row.course.id, actor.id) : null;
  let previousDone = true;
  if (row.requiresPrevious && actor && enrollment) {
    const order = await courseLessonOrder(handle, row.course.id);
    const index = order.findIndex((l) => l.id === lessonId);
    const previous = index > 0 ? order[index - 1] : undefined;
    if (previous) {
      const [done] = await handle
        .select({ lessonId: lessonProgress.lessonId })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.lessonId, previous.id), eq(lessonProgress.userId, actor.id)));
      previousDone = Boolean(done);
    }
  }
  const refusal = lessonRefusal(actor, row.course, {
    enrolled: enrollment !== null,
    previousDone,
    requiresPrevious: row.requiresPrevious,
  });
  return {
    course: row.course,
    lesson: { id: lessonId, requiresPrevious: row.requiresPrevious },
    enrolled: enrollment !== null,
    refusal,
  };
}

export async function lessonRefusalFor(
  actor: AcademyActor,
  lessonId: string,
): Promise<LessonRefusal | null> {
  return (await lessonAccess(db(), actor, lessonId)).refusal;
}

/** Remembers the lesson the member opened last, so the course page can resume there. */
export async function rememberLesson(userId: string, courseId: string, lessonId: string) {
  await db()
    .update(enrollments)
    .set({ lastLessonId: lessonId, lastActivityAt: new Date() })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
}

/**
 * Records a lesson as done: counts it on the enrollment, awards XP, and on the last lesson
 * completes the course and issues the certificate, all in `tx`.
 */
async function recordCompletion(tx: Db, userId: string, courseId: string, lessonId: string) {
  const inserted = await tx
    .insert(lessonProgress)
    .values({ lessonId, userId, courseId })
    .onConflictDoNothing()
    .returning({ lessonId: lessonProgress.lessonId });
  if (inserted.length === 0) return;
  await award(tx, userId, "lesson_completed", lessonId);
  const enrollment = firstRow(
    await tx
      .update(enrollments)
      .set({
        completedLessons: sql`${enrollments.completedLessons} + 1`,
        lastActivityAt: new Date(),
      })
      .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)))
      .returning({
        completedLessons: enrollments.completedLessons,
        completedAt: enrollments.completedAt,
      }),
    "enrollment progress",
  );
  const { total } = firstRow(
    await tx
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(lessons)
      .where(eq(lessons.courseId, courseId)),
    "lesson count",
  );
  if (enrollment.completedAt || enrollment.completedLessons < total) return;
  await tx
    .update(enrollments)
    .set({ completedAt: new Date() })
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, userId)));
  await tx
    .update(courses)
    .set({ completionCount: sql`${courses.completionCount} + 1` })
    .where(eq(courses.id, courseId));
  const [who] = await tx
    .select({ name: profiles.displayName, courseTitle: courses.title })
    .from(profiles)
    .innerJoin(courses, eq(courses.id, courseId))
    .where(eq(profiles.userId, userId));
  await tx
    .insert(certificates)
    .values({
      courseId,
      userId,
      recipientName: who?.name ?? "",
      courseTitle: who?.courseTitle ?? "",
    })
    .onConflictDoNothing();
  await award(tx, userId, "course_completed", courseId);
}

/** Marks a reading lesson complete; a lesson with a quiz is completed by passing its quiz. */
export async function completeLesson(actor: AcademyActor, lessonId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const access = await lessonAccess(tx, actor, lessonId);
    if (access.refusal) throw new AcademyRefusedError(access.refusal);
    if (!access.enrolled) throw new AcademyRefusedError("enroll");
    // A quiz still without questions is being written: members do not see it, so it does not
    // stand between them and completing the lesson (docs/decisions/051-quiz-editing.md).
    const [quiz] = await tx
      .select({ id: quizzes.id })
      .from(quizzes)
      .innerJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
      .where(eq(quizzes.lessonId, lessonId))
      .limit(1);
    if (quiz) throw new AcademyRefusedError("quizLesson");
    await recordCompletion(tx, actor!.id, access.course.id, lessonId);
  });
}

export interface QuizResult {
  score: number;
  passed: boolean;
  bestScore: number;
  passPercent: number;
  /** Per question: whether it was right, the correct option ids and the explanation. */
  questions: Array<{ id: string; right: boolean; correct: string[]; explanation: string }>;
}

/**
 * Scores a submission on the server (`answers`: option ids chosen per question id; unknown ids
 * count as wrong), keeps the attempt, and a pass completes the lesson. Unlimited retries.
 */
export async function submitQuiz(
  actor: AcademyActor,
  lessonId: string,
  answers: Record<string, string[]>,
): Promise<QuizResult> {
  return db().transaction(async (tx) => {
    const access = await lessonAccess(tx, actor, lessonId);
    if (access.refusal) throw new AcademyRefusedError(access.refusal);
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.lessonId, lessonId));
    if (!quiz) throw new AcademyRefusedError("notFound");
    const questions = await tx
      .select({ id: quizQuestions.id, explanation: quizQuestions.explanation })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz.id))
      .orderBy(asc(quizQuestions.position));
    if (questions.length === 0) throw new AcademyRefusedError("notFound");
    const options =
      questions.length === 0
        ? []
        : await tx
            .select({ id: quizOptions.id, questionId: quizOptions.questionId })
            .from(quizOptions)
            .where(
              and(
                inArray(
                  quizOptions.questionId,
                  questions.map((q) => q.id),
                ),
                eq(quizOptions.isCorrect, true),
              ),
            );
    const graded = questions.map((q) => {
      const correct = options.filter((o) => o.questionId === q.id).map((o) => o.id);
      return {
        id: q.id,
        right: answeredRight(answers[q.id] ?? [], correct),
        correct,
        explanation: q.explanation,
      };
    });
    const { score, passed } = quizScore(
      graded.filter((g) => g.right).length,
      graded.length,
      quiz.passPercent,
    );
    const kept: Record<string, string[]> = {};
    for (const q of questions) kept[q.id] = (answers[q.id] ?? []).slice(0, 20);
    const userId = actor!.id;
    await tx.insert(quizAttempts).values({ quizId: quiz.id, userId, score, passed, answers: kept });
    const { best } = firstRow(
      await tx
        .select({ best: sql<number>`max(${quizAttempts.score})`.mapWith(Number) })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.userId, userId))),
      "best score",
    );
    if (passed) {
      await award(tx, userId, "quiz_passed", quiz.id);
      if (access.enrolled) await recordCompletion(tx, userId, access.course.id, lessonId);
    }
    return { score, passed, bestScore: best, passPercent: quiz.passPercent, questions: graded };
  });
}

/** Writes or replaces the actor's review (enrolled members only), keeping the course's sums. */
export async function reviewCourse(
  actor: AcademyActor,
  courseId: string,
  input: { rating: number; body: string },
): Promise<void> {
  await db().transaction(async (tx) => {
    const course = await courseById(tx, courseId);
    if (!course || enrollRefusal(actor, course) === "notFound")
      throw new AcademyRefusedError("notFound");
    const enrollment = actor ? await enrollmentOf(tx, courseId, actor.id) : null;
    if (!canReviewCourse(actor, course, enrollment !== null))
      throw new AcademyRefusedError("review");
    const userId = actor!.id;
    const [previous] = await tx
      .select({ rating: courseReviews.rating })
      .from(courseReviews)
      .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)))
      .for("update");
    if (previous) {
      await tx
        .update(courseReviews)
        .set({ rating: input.rating, body: input.body, updatedAt: new Date() })
        .where(and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId)));
      await tx
        .update(courses)
        .set({ ratingSum: sql`${courses.ratingSum} + ${input.rating - previous.rating}` })
        .where(eq(courses.id, courseId));
    } else {
      await tx.insert(courseReviews).values({ courseId, userId, ...input });
      await tx
        .update(courses)
        .set({
          ratingSum: sql`${courses.ratingSum} + ${input.rating}`,
          reviewCount: sql`${courses.reviewCount} + 1`,
        })
        .where(eq(courses.id, courseId));
    }
  });
}

/** A certificate for its public verification page, or null. */
export async function certificateById(id: string) {
  const [row] = await db()
    .select({
      id: certificates.id,
      recipientName: certificates.recipientName,
      courseTitle: certificates.courseTitle,
      issuedAt: certificates.issuedAt,
      courseSlug: courses.slug,
      courseStatus: courses.status,
    })
    .from(certificates)
    .innerJoin(courses, eq(courses.id, certificates.courseId))
    .where(eq(certificates.id, id));
  return row ?? null;
}
