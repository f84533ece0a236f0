import { z } from "zod";
import { idSchema, optionalIdSchema } from "#app/lib/ids";
import type { QuestionKind } from "./policy";

/** What a quiz may hold; the editor and the server use the same numbers (docs/decisions/051). */
export const QUIZ_LIMITS = {
  passMin: 1,
  passMax: 100,
  questionsMax: 50,
  promptMax: 500,
  explanationMax: 2_000,
  optionsMin: 2,
  optionsMax: 10,
  optionLabelMax: 300,
} as const;

export const QUESTION_KINDS: readonly QuestionKind[] = ["single", "multiple"];

/** The rows of an option list a question form posts: `option.<row>.label|id|correct`. */
const OPTION_FIELD = /^option\.(\d{1,2})\.(label|id|correct)$/;

export function optionField(row: number, part: "label" | "id" | "correct"): string {
  return `option.${row}.${part}`;
}

const passPercent = z.coerce
  .number("academy.quizEditor.errors.pass")
  .int("academy.quizEditor.errors.pass")
  .min(QUIZ_LIMITS.passMin, "academy.quizEditor.errors.pass")
  .max(QUIZ_LIMITS.passMax, "academy.quizEditor.errors.pass");

const optionSchema = z.object({
  id: optionalIdSchema,
  label: z
    .string()
    .trim()
    .min(1, "academy.quizEditor.errors.optionRequired")
    .max(QUIZ_LIMITS.optionLabelMax, "academy.quizEditor.errors.optionTooLong"),
  isCorrect: z.boolean(),
});

export type QuizOptionInput = z.output<typeof optionSchema>;

/**
 * A question with all its options, as one write: the rules below hold after every save, so a
 * member never meets a question without an answer (a single choice has exactly one correct
 * option, a multiple choice at least one; 2–10 options).
 */
const questionSchema = z
  .object({
    intent: z.literal("question-save"),
    questionId: optionalIdSchema,
    prompt: z
      .string("academy.quizEditor.errors.promptRequired")
      .trim()
      .min(1, "academy.quizEditor.errors.promptRequired")
      .max(QUIZ_LIMITS.promptMax, "academy.quizEditor.errors.promptTooLong"),
    kind: z.enum(
      QUESTION_KINDS as [QuestionKind, ...QuestionKind[]],
      "academy.quizEditor.errors.kind",
    ),
    explanation: z
      .string()
      .trim()
      .max(QUIZ_LIMITS.explanationMax, "academy.quizEditor.errors.explanationTooLong")
      .default(""),
    options: z
      .array(optionSchema)
      .min(QUIZ_LIMITS.optionsMin, "academy.quizEditor.errors.optionCount")
      .max(QUIZ_LIMITS.optionsMax, "academy.quizEditor.errors.optionCount"),
  })
  .superRefine((question, context) => {
    const correct = question.options.filter((option) => option.isCorrect).length;
    if (question.kind === "single" && correct !== 1)
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: "academy.quizEditor.errors.singleCorrect",
      });
    if (question.kind === "multiple" && correct < 1)
      context.addIssue({
        code: "custom",
        path: ["options"],
        message: "academy.quizEditor.errors.multipleCorrect",
      });
    const ids = question.options.map((option) => option.id).filter(Boolean);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: "custom", path: ["options"], message: "errors.badRequest" });
  });

export type QuestionInput = z.output<typeof questionSchema>;

/**
 * The option rows of a question form, in row order, with the row's "move" or "remove" button
 * applied (the buttons post the whole question, so they work without JavaScript). A row with
 * neither text nor id is a blank row left for adding an option and is dropped; an id-shaped
 * problem is left for the schema to refuse.
 */
function gatherOptions(values: Record<string, unknown>) {
  const rows = new Map<number, { id: unknown; label: unknown; isCorrect: boolean }>();
  for (const [name, value] of Object.entries(values)) {
    const match = OPTION_FIELD.exec(name);
    if (!match) continue;
    const row = Number(match[1]);
    const entry = rows.get(row) ?? { id: "", label: "", isCorrect: false };
    if (match[2] === "label") entry.label = value;
    else if (match[2] === "id") entry.id = value;
    else entry.isCorrect = value === "on";
    rows.set(row, entry);
  }
  let ordered = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, entry]) => ({ row, entry }));
  const remove = typeof values.optionRemove === "string" ? Number(values.optionRemove) : NaN;
  if (Number.isInteger(remove)) ordered = ordered.filter(({ row }) => row !== remove);
  const move =
    typeof values.optionMove === "string" ? /^(\d{1,2}):(up|down)$/.exec(values.optionMove) : null;
  if (move) {
    const at = ordered.findIndex(({ row }) => row === Number(move[1]));
    const to = move[2] === "up" ? at - 1 : at + 1;
    if (at >= 0 && to >= 0 && to < ordered.length)
      [ordered[at], ordered[to]] = [ordered[to]!, ordered[at]!];
  }
  return ordered
    .map(({ entry }) => entry)
    .filter(
      (entry) => !(entry.id === "" && typeof entry.label === "string" && entry.label.trim() === ""),
    );
}

/** Every form of the quiz editor (`/admin/academy/courses/:id/lessons/:lessonId/quiz`). */
export const quizEditorSchema = z.preprocess(
  (input) => {
    if (!input || typeof input !== "object") return input;
    const values = input as Record<string, unknown>;
    return values.intent === "question-save"
      ? { ...values, options: gatherOptions(values) }
      : values;
  },
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("quiz-create"), passPercent }),
      z.object({ intent: z.literal("quiz-update"), passPercent }),
      z.object({ intent: z.literal("quiz-delete") }),
      questionSchema,
      z.object({ intent: z.literal("question-delete"), questionId: idSchema }),
      z.object({
        intent: z.literal("question-move"),
        questionId: idSchema,
        direction: z.enum(["up", "down"], "errors.badRequest"),
      }),
    ],
    "errors.badRequest",
  ),
);

export type QuizEditorInput = z.output<typeof quizEditorSchema>;
