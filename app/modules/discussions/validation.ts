import { z } from "zod";
import {
  COMMENT_MAX,
  POST_BODY_MAX,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  REPORT_REASON_MAX,
} from "./limits";
import { REACTION_KIND_LIST } from "./reaction-kinds";
import { idSchema, optionalIdSchema } from "#app/lib/ids";

export const postSchema = z.object({
  title: z
    .string()
    .trim()
    .min(POST_TITLE_MIN, "discussions.errors.titleTooShort")
    .max(POST_TITLE_MAX, "discussions.errors.titleTooLong"),
  category: z.string().trim().min(1, "discussions.errors.categoryRequired"),
  content: z
    .string()
    .trim()
    .min(1, "discussions.errors.bodyRequired")
    .max(POST_BODY_MAX, "discussions.errors.bodyTooLong"),
});

const commentContent = z
  .string()
  .trim()
  .min(1, "discussions.errors.commentRequired")
  .max(COMMENT_MAX, "discussions.errors.commentTooLong");
const reportReason = z
  .string()
  .trim()
  .min(3, "discussions.errors.reasonRequired")
  .max(REPORT_REASON_MAX, "discussions.errors.reasonTooLong");
const targetType = z.enum(["post", "comment"], "errors.badRequest");

/**
 * The eight things a thread's forms ask of its action (app/routes/discussions/thread.tsx), one
 * object per intent. Every id is an `idSchema` (a malformed one is a 400 before any query); an
 * unknown intent is "the request could not be processed".
 */
export const threadActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("comment"), content: commentContent, parentId: optionalIdSchema }),
    z.object({
      intent: z.literal("react"),
      kind: z.enum(REACTION_KIND_LIST, "errors.badRequest"),
      // A reaction button names its target's type; a form that leaves it out means the post.
      targetType: targetType.catch("post"),
      targetId: idSchema,
    }),
    z.object({ intent: z.literal("accept"), commentId: idSchema }),
    z.object({ intent: z.literal("edit-comment"), commentId: idSchema, content: commentContent }),
    z.object({ intent: z.literal("delete-comment"), commentId: idSchema }),
    z.object({ intent: z.literal("delete-post") }),
    z.object({ intent: z.literal("report"), targetType, targetId: idSchema, reason: reportReason }),
    z.object({ intent: z.literal("feature") }),
  ],
  "errors.badRequest",
);

export type ThreadAction = z.output<typeof threadActionSchema>;

/** A moderator's decision on the queue (app/routes/admin/moderation.tsx): on a report, or on content or a held edit. */
export const moderationActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("resolve"), id: idSchema }),
    ...(["approve", "reject"] as const).map((intent) =>
      z.object({
        intent: z.literal(intent),
        id: idSchema,
        type: z.enum(["post", "comment"]).catch("post"),
        // A held edit of published content, or content waiting for its first review.
        scope: z.enum(["edit", "content"]).catch("content"),
      }),
    ),
  ],
  "errors.badRequest",
);
