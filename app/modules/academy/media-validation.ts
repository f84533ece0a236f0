import { z } from "zod";
import { idSchema } from "#app/lib/ids";

/** What a lesson's media may hold; the page and the server use the same numbers (decision 054). */
export const LESSON_MEDIA_LIMITS = {
  filesMax: 20,
  titleMax: 200,
} as const;

const title = z
  .string()
  .trim()
  .max(LESSON_MEDIA_LIMITS.titleMax, "academy.lessonMedia.errors.titleTooLong");

/** Every form of the lesson media page (`/admin/academy/courses/:id/lessons/:lessonId/media`). */
export const lessonMediaSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("video-set"),
      mediaFileId: z.uuid("academy.lessonMedia.errors.noUpload"),
    }),
    z.object({ intent: z.literal("video-remove") }),
    z.object({
      intent: z.literal("file-add"),
      mediaFileId: z.uuid("academy.lessonMedia.errors.noUpload"),
      // Empty: the uploaded file's own name.
      title: title.default(""),
    }),
    z.object({
      intent: z.literal("file-rename"),
      fileId: idSchema,
      title: title.min(1, "academy.lessonMedia.errors.titleRequired"),
    }),
    z.object({
      intent: z.literal("file-move"),
      fileId: idSchema,
      direction: z.enum(["up", "down"], "errors.badRequest"),
    }),
    z.object({ intent: z.literal("file-remove"), fileId: idSchema }),
  ],
  "errors.badRequest",
);

export type LessonMediaInput = z.output<typeof lessonMediaSchema>;
