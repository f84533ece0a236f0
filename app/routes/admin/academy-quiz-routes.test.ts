import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { auditLog } from "#app/modules/audit/schema";
import {
  completeLesson,
  enroll,
  insertCourse,
  lessonPage,
  submitQuiz,
  type SeedCourse,
} from "#app/modules/academy/index.server";
import {
  lessons,
  quizAttempts,
  quizOptions,
  quizQuestions,
  quizzes,
} from "#app/modules/academy/schema";
import { optionField } from "#app/modules/academy/quiz-validation";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as quizRoute from "./academy-quiz";

/*
 * The quiz editor as the framework calls it: admins only (loader and action), every rule of a
 * question held on every write, hostile input a 4xx with translated messages that writes
 * nothing, every change audited, members' attempts kept through changes, and the answers never
 * in a member's page data.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let student: Account;
let courseId: string;
let otherCourseId: string;
let lessonIds: string[];
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

function course(slug: string): SeedCourse {
  return {
    slug,
    title: `Course ${slug}`,
    summary: "A course for the quiz editor.",
    description: "",
    level: "beginner",
    category: "",
    isPremium: false,
    isFeatured: false,
    modules: [
      {
        title: "The only module",
        lessons: ["first", "second", "third"].map((name) => ({
          slug: `${name}-lesson`,
          title: `The ${name} lesson`,
          minutes: 5,
          body: `The ${name} lesson's text.`,
        })),
      },
    ],
  };
}

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Quiz Admin" });
  student = await member({ name: "Quiz Student" });
  const options = { categoryId: null, instructorId: admin.userId };
  courseId = await db().transaction((tx) => insertCourse(tx, course("quiz-course"), options));
  otherCourseId = await db().transaction((tx) => insertCourse(tx, course("other-course"), options));
  const rows = await db()
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
  lessonIds = rows.map((row) => row.id);
});
afterAll(() => cleanup());

const pathOf = (lessonId: string, course = courseId) =>
  `/admin/academy/courses/${course}/lessons/${lessonId}/quiz`;
const params = (lessonId: string, course = courseId) => ({ id: course, lessonId });

const post = (lessonId: string, fields: Record<string, string>, who: Account | null = admin) =>
  callRoute(quizRoute.action, pathOf(lessonId), who?.cookie ?? null, params(lessonId), fields);
const load = (lessonId: string, who: Account | null = admin, course = courseId) =>
  callRoute(
    quizRoute.loader,
    pathOf(lessonId, course),
    who?.cookie ?? null,
    params(lessonId, course),
  );

interface OptionRow {
  id?: string;
  label: string;
  correct?: boolean;
}

/** A question form as the editor posts it: one `option.<row>.*` group per row. */
function question(
  input: { questionId?: string; prompt?: string; kind?: string; explanation?: string },
  options: OptionRow[],
  extra: Record<string, string> = {},
): Record<string, string> {
  const fields: Record<string, string> = {
    intent: "question-save",
    questionId: input.questionId ?? "",
    prompt: input.prompt ?? "Which phase follows the new moon?",
    kind: input.kind ?? "single",
    explanation: input.explanation ?? "The waxing crescent comes first.",
    ...extra,
  };
  for (const [row, option] of options.entries()) {
    fields[optionField(row, "label")] = option.label;
    fields[optionField(row, "id")] = option.id ?? "";
    if (option.correct) fields[optionField(row, "correct")] = "on";
  }
  return fields;
}

const ANSWERS: OptionRow[] = [
  { label: "Waxing crescent", correct: true },
  { label: "Full moon" },
  { label: "Waning gibbous" },
];

async function quizOf(lessonId: string) {
  const [quiz] = await db().select().from(quizzes).where(eq(quizzes.lessonId, lessonId));
  return quiz ?? null;
}

async function questionsOf(quizId: string) {
  const rows = await db()
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position));
  const options = rows.length
    ? await db()
        .select()
        .from(quizOptions)
        .where(
          inArray(
            quizOptions.questionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(quizOptions.position))
    : [];
  return rows.map((row) => ({ ...row, options: options.filter((o) => o.questionId === row.id) }));
}

async function audits(action: string, quizId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, quizId)));
}

describe("who may edit quizzes", () => {
  it("sends guests to sign in, refuses free and full members, admits admins and super admins", async () => {
    const lessonId = lessonIds[2]!;
    expect((await post(lessonId, { intent: "quiz-create", passPercent: "60" })).status).toBe(200);
    const quiz = (await quizOf(lessonId))!;
    const intents: Record<string, string>[] = [
      { intent: "quiz-create", passPercent: "50" },
      { intent: "quiz-update", passPercent: "10" },
      { intent: "quiz-delete" },
      question({}, ANSWERS),
      { intent: "question-delete", questionId: UNKNOWN },
      { intent: "question-move", questionId: UNKNOWN, direction: "up" },
    ];
    const fullMember = await member({ name: "Full Member", tier: "full" });
    for (const who of [null, student, fullMember]) {
      const expected = who ? 403 : 302;
      expect((await load(lessonId, who)).status).toBe(expected);
      for (const fields of intents)
        expect((await post(lessonId, fields, who)).status, fields.intent).toBe(expected);
    }
    expect(await quizOf(lessonId)).toMatchObject({ id: quiz.id, passPercent: 60 });
    expect(await questionsOf(quiz.id)).toEqual([]);

    // A super admin is an admin.
    const superAdmin = await member({ role: "super_admin", name: "Quiz Super Admin" });
    expect((await load(lessonId, superAdmin)).status).toBe(200);
    const raised = await post(lessonId, { intent: "quiz-update", passPercent: "65" }, superAdmin);
    expect(raised.status).toBe(200);
    expect((await quizOf(lessonId))?.passPercent).toBe(65);
    const [audit] = await audits("quiz.update", quiz.id);
    expect(audit).toMatchObject({ actorId: superAdmin.userId });
  });
});

describe("building a quiz", () => {
  it("creates a quiz once, audited; it stays hidden from members until it has a question", async () => {
    const lessonId = lessonIds[1]!;
    const empty = await load(lessonId);
    expect(empty.data).toMatchObject({ quiz: null, lesson: { id: lessonId, courseId } });
    const created = await post(lessonId, { intent: "quiz-create", passPercent: "70" });
    expect(created.body).toMatchObject({
      ok: true,
      toast: { key: "academy.quizEditor.toasts.created" },
    });
    const again = await post(lessonId, { intent: "quiz-create", passPercent: "70" });
    expect(again.status).toBe(409);
    expect(again.body?.formError).toBe("academy.refusals.quizExists");
    const quiz = (await quizOf(lessonId))!;
    expect(await audits("quiz.create", quiz.id)).toHaveLength(1);

    const reader = await member({ name: "Early Reader" });
    await enroll(reader.rules, courseId);
    const page = await lessonPage("quiz-course", "second-lesson", reader.rules);
    expect(page?.quiz).toBeNull();
    // Not "pass the quiz first": there is nothing to pass yet.
    await completeLesson(reader.rules, lessonId);
  });

  it("holds every rule of a question on every write, with translated messages, writing nothing", async () => {
    const lessonId = lessonIds[1]!;
    const quiz = (await quizOf(lessonId))!;
    const many = Array.from({ length: 11 }, (_, i) => ({ label: `Option ${i}`, correct: i === 0 }));
    const cases: [Record<string, string>, string, string][] = [
      [
        question({}, [
          { label: "A", correct: true },
          { label: "B", correct: true },
        ]),
        "options",
        "academy.quizEditor.errors.singleCorrect",
      ],
      [
        question({}, [{ label: "A" }, { label: "B" }]),
        "options",
        "academy.quizEditor.errors.singleCorrect",
      ],
      [
        question({ kind: "multiple" }, [{ label: "A" }, { label: "B" }]),
        "options",
        "academy.quizEditor.errors.multipleCorrect",
      ],
      [
        question({}, [{ label: "Alone", correct: true }]),
        "options",
        "academy.quizEditor.errors.optionCount",
      ],
      [question({}, many), "options", "academy.quizEditor.errors.optionCount"],
      [
        question({}, [{ label: "x".repeat(301), correct: true }, { label: "B" }]),
        "options",
        "academy.quizEditor.errors.optionTooLong",
      ],
      [question({ prompt: "   " }, ANSWERS), "prompt", "academy.quizEditor.errors.promptRequired"],
      [
        question({ prompt: "p".repeat(501) }, ANSWERS),
        "prompt",
        "academy.quizEditor.errors.promptTooLong",
      ],
      [
        question({ explanation: "e".repeat(2001) }, ANSWERS),
        "explanation",
        "academy.quizEditor.errors.explanationTooLong",
      ],
      [question({ kind: "essay" }, ANSWERS), "kind", "academy.quizEditor.errors.kind"],
      [question({ questionId: "1 or 1=1" }, ANSWERS), "questionId", "errors.badId"],
      [
        question({}, [{ id: "not-an-id", label: "A", correct: true }, { label: "B" }]),
        "options",
        "errors.badId",
      ],
      [
        { intent: "quiz-update", passPercent: "0" },
        "passPercent",
        "academy.quizEditor.errors.pass",
      ],
      [
        { intent: "quiz-update", passPercent: "101" },
        "passPercent",
        "academy.quizEditor.errors.pass",
      ],
      [
        { intent: "quiz-update", passPercent: "50.5" },
        "passPercent",
        "academy.quizEditor.errors.pass",
      ],
      [
        { intent: "quiz-update", passPercent: "all" },
        "passPercent",
        "academy.quizEditor.errors.pass",
      ],
      [
        { intent: "question-move", questionId: UNKNOWN, direction: "sideways" },
        "direction",
        "errors.badRequest",
      ],
      [{ intent: "question-delete", questionId: "../../etc" }, "questionId", "errors.badId"],
      [{ intent: "drop-tables" }, "intent", "errors.badRequest"],
    ];
    for (const [fields, field, key] of cases) {
      const answer = await post(lessonId, fields);
      expect(answer.status, `${field} ${key}`).toBe(400);
      expect(answer.body?.fieldErrors?.[field], `${field} ${key}`).toBe(key);
    }
    // A single-choice with one correct option and a blank row is fine; an option id of another
    // question is not found, and nothing is written.
    const foreign = await post(
      lessonId,
      question({}, [{ id: UNKNOWN, label: "A", correct: true }, { label: "B" }]),
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body?.formError).toBe("academy.refusals.notFound");
    expect((await post(lessonId, { intent: "question-delete", questionId: UNKNOWN })).status).toBe(
      404,
    );
    expect(await questionsOf(quiz.id)).toEqual([]);
    expect((await quizOf(lessonId))?.passPercent).toBe(70);
  });

  it("answers 404 for a lesson of another course, an unknown lesson and malformed ids", async () => {
    const lessonId = lessonIds[1]!;
    expect((await load(lessonId, admin, otherCourseId)).status).toBe(404);
    expect((await load(UNKNOWN)).status).toBe(404);
    expect(
      (
        await callRoute(
          quizRoute.action,
          pathOf(lessonId, otherCourseId),
          admin.cookie,
          params(lessonId, otherCourseId),
          {
            intent: "quiz-update",
            passPercent: "20",
          },
        )
      ).status,
    ).toBe(404);
    expect((await load("not-an-id")).status).toBe(400);
    expect((await load(lessonId, admin, "x")).status).toBe(400);
    expect((await quizOf(lessonId))?.passPercent).toBe(70);
  });

  it("saves questions with their options, edits keep option ids, rows move and go, all audited", async () => {
    const lessonId = lessonIds[1]!;
    const quiz = (await quizOf(lessonId))!;
    const saved = await post(lessonId, question({}, [...ANSWERS, { label: "  " }, { label: "" }]));
    expect(saved.body).toMatchObject({
      ok: true,
      toast: { key: "academy.quizEditor.toasts.questionSaved" },
    });
    const multiple = await post(
      lessonId,
      question({ prompt: "Which are lunar phases?", kind: "multiple", explanation: "" }, [
        { label: "First quarter", correct: true },
        { label: "Equinox" },
        { label: "Last quarter", correct: true },
      ]),
    );
    expect(multiple.status).toBe(200);
    const [stored, second] = await questionsOf(quiz.id);
    let first = stored;
    expect(first).toMatchObject({ prompt: "Which phase follows the new moon?", kind: "single" });
    expect(first!.options.map((o) => [o.label, o.isCorrect])).toEqual([
      ["Waxing crescent", true],
      ["Full moon", false],
      ["Waning gibbous", false],
    ]);
    expect(second).toMatchObject({ kind: "multiple", explanation: "" });
    expect(await audits("quiz.question.create", quiz.id)).toHaveLength(2);

    // The admin's page has the answers and explanations.
    const page = await load(lessonId);
    expect(JSON.stringify(page.data)).toContain("The waxing crescent comes first.");
    const loaded = page.data as {
      quiz: { attempts: number; questions: { options: { isCorrect: boolean }[] }[] };
    };
    expect(loaded.quiz.attempts).toBe(0);
    expect(loaded.quiz.questions[0]!.options[0]!.isCorrect).toBe(true);

    // Edit: relabel the first option, move "Waning gibbous" up, remove "Full moon".
    const ids = first!.options.map((o) => o.id);
    const rows = [
      { id: ids[0], label: "Waxing crescent moon", correct: true },
      { id: ids[1], label: "Full moon" },
      { id: ids[2], label: "Waning gibbous" },
      { label: "New option" },
    ];
    expect(
      (await post(lessonId, question({ questionId: first!.id }, rows, { optionMove: "2:up" })))
        .status,
    ).toBe(200);
    [first] = await questionsOf(quiz.id);
    expect(first!.options.map((o) => [o.id, o.label])).toEqual([
      [ids[0], "Waxing crescent moon"],
      [ids[2], "Waning gibbous"],
      [ids[1], "Full moon"],
      [expect.any(String), "New option"],
    ]);
    const current = first!.options.map((o) => ({ id: o.id, label: o.label, correct: o.isCorrect }));
    expect(
      (await post(lessonId, question({ questionId: first!.id }, current, { optionRemove: "2" })))
        .status,
    ).toBe(200);
    [first] = await questionsOf(quiz.id);
    expect(first!.options.map((o) => o.label)).toEqual([
      "Waxing crescent moon",
      "Waning gibbous",
      "New option",
    ]);
    // Removing the only correct option breaks the rule: refused, nothing changes.
    const refused = await post(
      lessonId,
      question(
        { questionId: first!.id },
        first!.options.map((o) => ({ id: o.id, label: o.label, correct: o.isCorrect })),
        { optionRemove: "0" },
      ),
    );
    expect(refused.body?.fieldErrors?.options).toBe("academy.quizEditor.errors.singleCorrect");
    expect((await questionsOf(quiz.id))[0]!.options).toHaveLength(3);
    expect(await audits("quiz.question.update", quiz.id)).toHaveLength(2);

    // Reorder questions; the ends are left as they are.
    const move = (questionId: string, direction: string) =>
      post(lessonId, { intent: "question-move", questionId, direction });
    expect((await move(second!.id, "up")).status).toBe(200);
    expect((await questionsOf(quiz.id)).map((q) => q.id)).toEqual([second!.id, first!.id]);
    expect((await move(second!.id, "up")).status).toBe(200);
    expect((await questionsOf(quiz.id)).map((q) => q.id)).toEqual([second!.id, first!.id]);
    expect((await move(second!.id, "down")).status).toBe(200);
    expect((await questionsOf(quiz.id)).map((q) => q.id)).toEqual([first!.id, second!.id]);
    expect(await audits("quiz.question.move", quiz.id)).toHaveLength(2);

    expect((await post(lessonId, { intent: "quiz-update", passPercent: "50" })).status).toBe(200);
    expect(await audits("quiz.update", quiz.id)).toHaveLength(1);
  });
});

describe("a quiz members have taken", () => {
  it("never reaches members with its answers, and keeps their attempts and best score through changes", async () => {
    const lessonId = lessonIds[1]!;
    const quiz = (await quizOf(lessonId))!;
    const taker = await member({ name: "Quiz Taker" });
    await enroll(taker.rules, courseId);
    const page = await lessonPage("quiz-course", "second-lesson", taker.rules);
    expect(page?.quiz?.questions).toHaveLength(2);
    const json = JSON.stringify(page);
    expect(json).not.toMatch(/isCorrect|correct|explanation/i);
    expect(json).not.toContain("The waxing crescent comes first.");

    const stored = await questionsOf(quiz.id);
    const right = Object.fromEntries(
      stored.map((q) => [q.id, q.options.filter((o) => o.isCorrect).map((o) => o.id)]),
    );
    const wrong = Object.fromEntries(
      stored.map((q) => [
        q.id,
        q.options
          .filter((o) => !o.isCorrect)
          .slice(0, 1)
          .map((o) => o.id),
      ]),
    );
    expect(await submitQuiz(taker.rules, lessonId, wrong)).toMatchObject({
      score: 0,
      passed: false,
    });
    expect(await submitQuiz(taker.rules, lessonId, right)).toMatchObject({
      score: 100,
      passed: true,
      bestScore: 100,
    });

    // The admin changes the right answer of the first question and raises the pass mark.
    const [first] = stored;
    const flipped = first!.options.map((o) => ({
      id: o.id,
      label: o.label,
      correct: !o.isCorrect && o.label === "New option",
    }));
    const flip = await post(lessonId, question({ questionId: first!.id }, flipped));
    expect(flip.body).toMatchObject({ ok: true });
    expect((await post(lessonId, { intent: "quiz-update", passPercent: "100" })).status).toBe(200);

    const attempts = await db()
      .select({ score: quizAttempts.score, passed: quizAttempts.passed })
      .from(quizAttempts)
      .where(eq(quizAttempts.quizId, quiz.id))
      .orderBy(asc(quizAttempts.score));
    expect(attempts).toEqual([
      { score: 0, passed: false },
      { score: 100, passed: true },
    ]);
    const after = await lessonPage("quiz-course", "second-lesson", taker.rules);
    expect(after?.quiz).toMatchObject({ bestScore: 100, attempts: 2, passPercent: 100 });
    expect(after?.completed).toBe(true);
    expect((await load(lessonId)).data).toMatchObject({ quiz: { attempts: 2 } });

    const refused = await post(lessonId, { intent: "quiz-delete" });
    expect(refused.status).toBe(409);
    expect(refused.body?.formError).toBe("academy.refusals.quizAttempted");
    expect(await quizOf(lessonId)).not.toBeNull();

    // Deleting every question hides the quiz again; the attempts stay.
    for (const q of await questionsOf(quiz.id))
      expect((await post(lessonId, { intent: "question-delete", questionId: q.id })).status).toBe(
        200,
      );
    expect(await audits("quiz.question.delete", quiz.id)).toHaveLength(2);
    expect((await lessonPage("quiz-course", "second-lesson", taker.rules))?.quiz).toBeNull();
    expect(
      await db()
        .select({ id: quizAttempts.id })
        .from(quizAttempts)
        .where(eq(quizAttempts.quizId, quiz.id)),
    ).toHaveLength(2);
  });

  it("a quiz nobody took is deleted, audited", async () => {
    const lessonId = lessonIds[0]!;
    expect((await post(lessonId, { intent: "quiz-create", passPercent: "80" })).status).toBe(200);
    const quiz = (await quizOf(lessonId))!;
    expect((await post(lessonId, question({}, ANSWERS))).status).toBe(200);
    const deleted = await post(lessonId, { intent: "quiz-delete" });
    expect(deleted.body).toMatchObject({
      ok: true,
      toast: { key: "academy.quizEditor.toasts.deleted" },
    });
    expect(await quizOf(lessonId)).toBeNull();
    expect(await audits("quiz.delete", quiz.id)).toHaveLength(1);
    expect((await post(lessonId, { intent: "quiz-update", passPercent: "80" })).status).toBe(404);
  });
});
