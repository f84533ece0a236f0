import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { splitTags } from "#app/lib/tags";
import { parseEmbedUrl } from "./embed";

/** Limits of a video's fields; the form, the body-size rule and the checks share them. */
export const VIDEO_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 5000,
  tags: 8,
  tagMax: 32,
  embedUrlMax: 500,
} as const;

export const VIDEO_SORTS = ["newest", "views", "rating", "power"] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

/** `/videos?tag=&sort=`: anything unknown falls back to the defaults, never an error. */
export const videoListQuerySchema = z.object({
  tag: z.string().trim().toLowerCase().max(VIDEO_LIMITS.tagMax).catch("").default(""),
  sort: z.enum(VIDEO_SORTS).catch("newest").default("newest"),
});

const tagsField = z
  .string()
  .max(600, "videos.errors.tagsTooMany")
  .transform(splitTags)
  .refine((tags) => tags.length <= VIDEO_LIMITS.tags, "videos.errors.tagsTooMany")
  .refine(
    (tags) => tags.every((tag) => tag.length <= VIDEO_LIMITS.tagMax),
    "videos.errors.tagTooLong",
  );

const common = {
  title: z
    .string()
    .trim()
    .min(VIDEO_LIMITS.titleMin, "videos.errors.titleTooShort")
    .max(VIDEO_LIMITS.titleMax, "videos.errors.titleTooLong"),
  description: z
    .string()
    .trim()
    .max(VIDEO_LIMITS.descriptionMax, "videos.errors.descriptionTooLong")
    .default(""),
  tags: tagsField.default([]),
};

/** The `/add-video` form: an uploaded file's id (the media engine's upload), or a YouTube or Vimeo address. */
export const addVideoSchema = z.discriminatedUnion(
  "source",
  [
    z.object({
      source: z.literal("embed"),
      embedUrl: z
        .string("videos.errors.embedInvalid")
        .trim()
        .max(VIDEO_LIMITS.embedUrlMax, "videos.errors.embedInvalid")
        .transform((value, ctx) => {
          const embed = parseEmbedUrl(value);
          if (!embed) {
            ctx.addIssue({ code: "custom", message: "videos.errors.embedInvalid" });
            return z.NEVER;
          }
          return embed;
        }),
      ...common,
    }),
    z.object({
      source: z.literal("upload"),
      mediaFileId: z.uuid("videos.errors.uploadMissing"),
      ...common,
    }),
  ],
  "videos.errors.sourceRequired",
);

/** What the video page's forms ask of its action, one object per intent. */
export const videoActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("rate"),
      rating: z.coerce
        .number("videos.errors.ratingRange")
        .int("videos.errors.ratingRange")
        .min(1, "videos.errors.ratingRange")
        .max(5, "videos.errors.ratingRange"),
    }),
    z.object({ intent: z.literal("follow-uploader"), follow: z.enum(["on", "off"]) }),
    z.object({
      intent: z.literal("follow-tag"),
      tag: z
        .string()
        .trim()
        .toLowerCase()
        .min(1)
        .max(VIDEO_LIMITS.tagMax, "videos.errors.tagTooLong"),
      follow: z.enum(["on", "off"]),
    }),
  ],
  "errors.badRequest",
);

/** The admins' decisions on a video (moderation screen and the video page). */
export const videoModerationSchema = z.object({
  intent: z.enum(["video-publish", "video-reject", "video-hide", "video-show", "video-delete"]),
  videoId: idSchema,
});
