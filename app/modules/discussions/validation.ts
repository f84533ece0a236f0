import { z } from "zod";
import { COMMENT_MAX, POST_BODY_MAX, POST_TITLE_MAX, POST_TITLE_MIN, REPORT_REASON_MAX } from "./limits";
import { REACTION_KIND_LIST } from "./reaction-kinds";

export const postSchema = z.object({
  title: z.string().trim().min(POST_TITLE_MIN, "discussions.errors.titleTooShort").max(POST_TITLE_MAX, "discussions.errors.titleTooLong"),
  category: z.string().trim().min(1, "discussions.errors.categoryRequired"),
  content: z.string().trim().min(1, "discussions.errors.bodyRequired").max(POST_BODY_MAX, "discussions.errors.bodyTooLong"),
});

export const commentSchema = z.object({
  content: z.string().trim().min(1, "discussions.errors.commentRequired").max(COMMENT_MAX, "discussions.errors.commentTooLong"),
  parentId: z.union([z.literal(""), z.uuid()]).default(""),
});

/** The comment a thread action is about; an id that is not a UUID names nothing (never a database error). */
export const commentIdSchema = z.uuid();

export const reactionSchema = z.object({
  kind: z.enum(REACTION_KIND_LIST),
  targetType: z.enum(["post", "comment"]).catch("post"),
  targetId: z.uuid(),
});

export const reportSchema = z.object({
  targetType: z.enum(["post", "comment"]),
  targetId: z.uuid(),
  reason: z.string().trim().min(3, "discussions.errors.reasonRequired").max(REPORT_REASON_MAX, "discussions.errors.reasonTooLong"),
});

export const categorySchema = z.object({
  title: z.string().trim().min(2, "admin.categories.errors.titleRequired").max(80),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, "admin.categories.errors.slugInvalid")
    .max(60)
    .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, "admin.categories.errors.slugInvalid"),
  description: z.string().trim().max(300).default(""),
  displayOrder: z.coerce.number().int().min(0).max(10_000).default(0),
  isActive: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  isReadOnly: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  premium: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
});
