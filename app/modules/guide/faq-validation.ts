import { z } from "zod";
import { idSchema } from "#app/lib/ids";

/** An FAQ entry's limits (the admin's edits; learned questions are cut to them). */
export const FAQ_LIMITS = { questionMax: 500, answerMax: 20_000 } as const;

const faqId = idSchema;

/** /admin/chat-learning: save, approve, reject or merge one entry. */
export const faqActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.enum(["save", "approve"]),
      id: faqId,
      question: z
        .string()
        .trim()
        .min(1, "admin.chatLearning.errors.questionRequired")
        .max(FAQ_LIMITS.questionMax, "admin.chatLearning.errors.questionTooLong"),
      answer: z
        .string()
        .trim()
        .min(1, "admin.chatLearning.errors.answerRequired")
        .max(FAQ_LIMITS.answerMax, "admin.chatLearning.errors.answerTooLong"),
    }),
    z.object({ intent: z.literal("reject"), id: faqId }),
    z.object({ intent: z.literal("sync") }),
    z.object({
      intent: z.literal("merge"),
      id: faqId,
      targetId: z.uuid("admin.chatLearning.errors.targetRequired"),
    }),
  ],
  { error: "errors.badRequest" },
);
export type FaqAction = z.infer<typeof faqActionSchema>;

export const FAQ_STATUSES = ["candidate", "approved", "rejected", "merged"] as const;

/** The list of /admin/chat-learning: which entries. */
export const faqListSchema = z.object({
  status: z.enum(FAQ_STATUSES).catch("candidate"),
});
