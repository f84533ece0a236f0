import { and, asc, count, eq, inArray, notInArray, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError } from "#app/modules/auth";
import { AcademyRefusedError } from "./academy.server";
import { canManageAcademy, type AcademyActor } from "./policy";
import { QUIZ_LIMITS, type QuestionInput } from "./quiz-validation";
import {
  courseModules,
  courses,
  lessonFiles,
  lessons,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
} from "./schema";

/*
 * The quiz editor's reads and commands (docs/decisions/051-quiz-editing.md). Admins only; each
 * command is one transaction that locks the quiz row (so two editors' positions never collide)
 * and writes its `quiz.*` audit row in it. Members' attempts are never touched: a quiz changed
 * after members took it keeps their attempts, scores and best score as they were marked.
 */

/**
 * A course's lessons in reading order, each with whether it has a quiz, a video and how many
 * downloads, for the course page.
 */
export async function adminCourseLessons(courseId: string) {
  return db()
    .select({
      id: lessons.id,
      title: lessons.title,
      moduleTitle: courseModules.title,
      quizQuestions: sql<number | null>`(select count(${quizQuestions.id}) from ${quizzes}
        left join ${quizQuestions} on ${quizQuestions.quizId} = ${quizzes.id}
        where ${quizzes.lessonId} = ${lessons.id} group by ${quizzes.id})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
      hasVideo: sql<boolean>`${lessons.videoFileId} is not null`,
      fileCount: sql<number>`(select count(*) from ${lessonFiles}
        where ${lessonFiles.lessonId} = ${lessons.id})`.mapWith(Number),
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(lessons.position), asc(lessons.id));
}

/** The editor's page: the lesson (of that course), and its quiz with the answers, or null. */
export async function quizEditorPage(courseId: string, lessonId: string) {
  const [lesson] = await db()
    .select({
      id: lessons.id,
      title: lessons.title,
      courseId: courses.id,
      courseTitle: courses.title,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.courseId, courseId)));
  if (!lesson) return null;
  const [quiz] = await db()
    .select({ id: quizzes.id, passPercent: quizzes.passPercent })
    .from(quizzes)
    .where(eq(quizzes.lessonId, lessonId));
  if (!quiz) return { lesson, quiz: null };
  const [questions, attempts] = await Promise.all([
    db()
      .select({
        id: quizQuestions.id,
        prompt: quizQuestions.prompt,
        kind: quizQuestions.kind,
        explanation: quizQuestions.explanation,
      })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz.id))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
    db().select({ attempts: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id)),
  ]);
  const options =
    questions.length === 0
      ? []
      : await db()
          .select({
            id: quizOptions.id,
            questionId: quizOptions.questionId,
            label: quizOptions.label,
            isCorrect: quizOptions.isCorrect,
          })
          .from(quizOptions)
          .where(
            inArray(
              quizOptions.questionId,
              questions.map((q) => q.id),
            ),
          )
          .orderBy(asc(quizOptions.position), asc(quizOptions.id));
  return {
    lesson,
    quiz: {
      ...quiz,
      attempts: attempts[0]?.attempts ?? 0,
      questions: questions.map((q) => ({
        ...q,
        options: options.filter((o) => o.questionId === q.id).map(({ questionId: _q, ...o }) => o),
      })),
    },
  };
}

interface QuizTarget {
  courseId: string;
  lessonId: string;
}

function requireManager(actor: AcademyActor): string {
  if (!canManageAcademy(actor)) throw new NotAllowedError("manage the academy");
  return actor!.id;
}

/** The lesson, which must belong to the course of the address. */
async function lessonIn(tx: Db, target: QuizTarget) {
  const [lesson] = await tx
    .select({ id: lessons.id, title: lessons.title })
    .from(lessons)
    .where(and(eq(lessons.id, target.lessonId), eq(lessons.courseId, target.courseId)));
  if (!lesson) throw new AcademyRefusedError("notFound");
  return lesson;
}

/** The lesson's quiz, locked for the rest of the transaction. */
async function lockedQuiz(tx: Db, target: QuizTarget) {
  await lessonIn(tx, target);
  const [quiz] = await tx
    .select({ id: quizzes.id, passPercent: quizzes.passPercent })
    .from(quizzes)
    .where(eq(quizzes.lessonId, target.lessonId))
    .for("update");
  if (!quiz) throw new AcademyRefusedError("notFound");
  return quiz;
}

async function audit(
  tx: Db,
  actorId: string,
  action: string,
  quizId: string,
  details: Record<string, unknown>,
) {
  await recordAudit(tx, { actorId, action, targetType: "quiz", targetId: quizId, details });
}

/** Gives a lesson a quiz (none yet: 409). It has no questions, so members do not see it yet. */
export async function createQuiz(
  actor: AcademyActor,
  target: QuizTarget,
  passPercent: number,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const lesson = await lessonIn(tx, target);
    const [created] = await tx
      .insert(quizzes)
      .values({ lessonId: lesson.id, passPercent })
      .onConflictDoNothing({ target: quizzes.lessonId })
      .returning({ id: quizzes.id });
    if (!created) throw new AcademyRefusedError("quizExists");
    await audit(tx, actorId, "quiz.create", created.id, { lessonId: lesson.id, passPercent });
  });
}

/** Changes the pass mark; attempts already marked keep their `passed` as it was. */
export async function updateQuiz(
  actor: AcademyActor,
  target: QuizTarget,
  passPercent: number,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const quiz = await lockedQuiz(tx, target);
    await tx.update(quizzes).set({ passPercent }).where(eq(quizzes.id, quiz.id));
    await audit(tx, actorId, "quiz.update", quiz.id, {
      lessonId: target.lessonId,
      passPercent: { from: quiz.passPercent, to: passPercent },
    });
  });
}

/**
 * Deletes a quiz no member has taken. Attempts would go with it (they reference the quiz), so a
 * taken quiz is refused (409): its questions can be deleted instead, which hides it from members.
 */
export async function deleteQuiz(actor: AcademyActor, target: QuizTarget): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const quiz = await lockedQuiz(tx, target);
    const [taken] = await tx
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(eq(quizAttempts.quizId, quiz.id))
      .limit(1);
    if (taken) throw new AcademyRefusedError("quizAttempted");
    await tx.delete(quizzes).where(eq(quizzes.id, quiz.id));
    await audit(tx, actorId, "quiz.delete", quiz.id, { lessonId: target.lessonId });
  });
}

async function questionOf(tx: Db, quizId: string, questionId: string) {
  const [question] = await tx
    .select({ id: quizQuestions.id, position: quizQuestions.position })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId)));
  if (!question) throw new AcademyRefusedError("notFound");
  return question;
}

/**
 * Writes a question and its whole option list (new when `questionId` is empty). Options keep
 * their ids across edits, so a member's page opened before the edit still submits answers that
 * count; an option id that is not one of this question's is refused (404) and nothing is written.
 */
export async function saveQuestion(
  actor: AcademyActor,
  target: QuizTarget,
  input: Omit<QuestionInput, "intent">,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const quiz = await lockedQuiz(tx, target);
    let questionId = input.questionId;
    const fields = { prompt: input.prompt, kind: input.kind, explanation: input.explanation };
    if (questionId) {
      await questionOf(tx, quiz.id, questionId);
      await tx.update(quizQuestions).set(fields).where(eq(quizQuestions.id, questionId));
    } else {
      const { questions, last } = firstRow(
        await tx
          .select({
            questions: count(),
            last: sql<number>`coalesce(max(${quizQuestions.position}), -1)`.mapWith(Number),
          })
          .from(quizQuestions)
          .where(eq(quizQuestions.quizId, quiz.id)),
        "question count",
      );
      if (questions >= QUIZ_LIMITS.questionsMax) throw new AcademyRefusedError("questionsFull");
      questionId = firstRow(
        await tx
          .insert(quizQuestions)
          .values({ ...fields, quizId: quiz.id, position: last + 1 })
          .returning({ id: quizQuestions.id }),
        "created question",
      ).id;
    }
    const existing = await tx
      .select({ id: quizOptions.id })
      .from(quizOptions)
      .where(eq(quizOptions.questionId, questionId));
    const own = new Set(existing.map((option) => option.id));
    if (input.options.some((option) => option.id && !own.has(option.id)))
      throw new AcademyRefusedError("notFound");
    const kept = input.options.flatMap((option) => (option.id ? [option.id] : []));
    await tx
      .delete(quizOptions)
      .where(
        kept.length === 0
          ? eq(quizOptions.questionId, questionId)
          : and(eq(quizOptions.questionId, questionId), notInArray(quizOptions.id, kept)),
      );
    for (const [position, option] of input.options.entries()) {
      const values = { label: option.label, isCorrect: option.isCorrect, position };
      if (option.id) await tx.update(quizOptions).set(values).where(eq(quizOptions.id, option.id));
      else await tx.insert(quizOptions).values({ ...values, questionId });
    }
    await audit(
      tx,
      actorId,
      input.questionId ? "quiz.question.update" : "quiz.question.create",
      quiz.id,
      {
        questionId,
        prompt: input.prompt,
        kind: input.kind,
        options: input.options.length,
      },
    );
  });
}

/** Deletes a question and its options; attempts keep the answers they stored. */
export async function deleteQuestion(
  actor: AcademyActor,
  target: QuizTarget,
  questionId: string,
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const quiz = await lockedQuiz(tx, target);
    await questionOf(tx, quiz.id, questionId);
    await tx.delete(quizQuestions).where(eq(quizQuestions.id, questionId));
    await audit(tx, actorId, "quiz.question.delete", quiz.id, { questionId });
  });
}

/** Swaps a question with its neighbour above or below (nothing to do at either end). */
export async function moveQuestion(
  actor: AcademyActor,
  target: QuizTarget,
  questionId: string,
  direction: "up" | "down",
): Promise<void> {
  const actorId = requireManager(actor);
  await db().transaction(async (tx) => {
    const quiz = await lockedQuiz(tx, target);
    await questionOf(tx, quiz.id, questionId);
    const order = await tx
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz.id))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
    const at = order.findIndex((q) => q.id === questionId);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    // Positions are rewritten 0…n-1, which also repairs gaps and ties left by the seed or deletes.
    for (const [position, question] of order.entries())
      await tx.update(quizQuestions).set({ position }).where(eq(quizQuestions.id, question.id));
    await audit(tx, actorId, "quiz.question.move", quiz.id, { questionId, direction });
  });
}
