import { z } from "zod";
import { idSchema } from "#app/lib/ids";

export const ACADEMY_LIMITS = {
  reviewMax: 2000,
  /** A quiz form names at most this many answers (questions × chosen options). */
  answersMax: 500,
} as const;

/** The course page's forms: enroll, and the member's review. */
export const courseActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("enroll") }),
    z.object({
      intent: z.literal("review"),
      rating: z.coerce
        .number("academy.errors.rating")
        .int("academy.errors.rating")
        .min(1, "academy.errors.rating")
        .max(5, "academy.errors.rating"),
      body: z
        .string()
        .trim()
        .max(ACADEMY_LIMITS.reviewMax, "academy.errors.reviewTooLong")
        .default(""),
    }),
  ],
  "errors.badRequest",
);

/** The lesson page's forms: mark complete, and a quiz's answers (`answer.<questionId>` fields). */
export const lessonActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("complete") }),
    z.object({ intent: z.literal("quiz") }),
    z.object({ intent: z.literal("enroll") }),
  ],
  "errors.badRequest",
);

const ANSWER_FIELD = "answer.";

/**
 * The chosen option ids per question id of a quiz form, or null when the form is malformed
 * (a field name or value that is not an id, or more answers than any quiz has).
 */
export function quizAnswers(form: FormData): Record<string, string[]> | null {
  const answers: Record<string, string[]> = {};
  let seen = 0;
  for (const [name, value] of form.entries()) {
    if (!name.startsWith(ANSWER_FIELD)) continue;
    seen += 1;
    if (seen > ACADEMY_LIMITS.answersMax || typeof value !== "string") return null;
    const question = idSchema.safeParse(name.slice(ANSWER_FIELD.length));
    const option = idSchema.safeParse(value);
    if (!question.success || !option.success) return null;
    (answers[question.data] ??= []).push(option.data);
  }
  return answers;
}

export function answerField(questionId: string): string {
  return `${ANSWER_FIELD}${questionId}`;
}

/** `/admin/academy`: publish or unpublish one course. */
export const adminCourseActionSchema = z.object({
  intent: z.enum(["publish", "unpublish"], "errors.badRequest"),
  courseId: idSchema,
});
