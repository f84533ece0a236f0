import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { splitTags } from "#app/lib/tags";
import { LOCALE_CODES } from "#app/i18n/locales";
import { COVEN_MEMBER_LIMIT } from "./policy";

/** Limits of a coven's fields; the forms, the body-size rule and the checks share them. */
export const COVEN_LIMITS = {
  nameMin: 3,
  nameMax: 80,
  descriptionMax: 5000,
  tags: 5,
  tagMax: 24,
  requestMessageMax: 500,
  bannerBytes: 4 * 1024 * 1024,
  search: 80,
} as const;

/** A banner is resized to at most this size (wide, like the card and the page head show it). */
export const COVEN_BANNER = { width: 1200, height: 400 } as const;

export const COVEN_VISIBILITIES = ["open", "request", "invite"] as const;
export const COVEN_SORTS = ["activity", "size"] as const;
export type CovenSort = (typeof COVEN_SORTS)[number];

export { splitTags };

const tagsField = z
  .string()
  .max(500, "covens.errors.tagsTooMany")
  .transform(splitTags)
  .refine((tags) => tags.length <= COVEN_LIMITS.tags, "covens.errors.tagsTooMany")
  .refine(
    (tags) => tags.every((tag) => tag.length <= COVEN_LIMITS.tagMax),
    "covens.errors.tagTooLong",
  );

/** The fields of the create form and of the leaders' settings form. */
export const covenFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(COVEN_LIMITS.nameMin, "covens.errors.nameTooShort")
    .max(COVEN_LIMITS.nameMax, "covens.errors.nameTooLong"),
  description: z
    .string()
    .trim()
    .max(COVEN_LIMITS.descriptionMax, "covens.errors.descriptionTooLong")
    .default(""),
  tags: tagsField.default([]),
  language: z.enum(LOCALE_CODES as [string, ...string[]], "covens.errors.languageRequired"),
  visibility: z.enum(COVEN_VISIBILITIES, "covens.errors.visibilityRequired"),
  memberLimit: z.coerce
    .number("covens.errors.limitRange")
    .int("covens.errors.limitRange")
    .min(COVEN_MEMBER_LIMIT.min, "covens.errors.limitRange")
    .max(COVEN_MEMBER_LIMIT.default, "covens.errors.limitRange"),
});

/** What a coven page's forms ask of its action, one object per intent. */
export const covenActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("join"),
      message: z
        .string()
        .trim()
        .max(COVEN_LIMITS.requestMessageMax, "covens.errors.messageTooLong")
        .default(""),
    }),
    z.object({ intent: z.literal("leave") }),
    z.object({ intent: z.literal("remove"), userId: idSchema }),
    z.object({ intent: z.literal("ban"), userId: idSchema }),
    z.object({
      intent: z.literal("role"),
      userId: idSchema,
      role: z.enum(["moderator", "member"], "errors.badRequest"),
    }),
    z.object({ intent: z.literal("transfer"), userId: idSchema }),
    z.object({
      intent: z.literal("decide"),
      requestId: idSchema,
      decision: z.enum(["approve", "decline"], "errors.badRequest"),
    }),
    z.object({
      intent: z.literal("invite"),
      days: z.coerce
        .number("covens.errors.daysRange")
        .int("covens.errors.daysRange")
        .min(1, "covens.errors.daysRange")
        .max(30, "covens.errors.daysRange"),
    }),
    z.object({ intent: z.literal("revoke"), invitationId: idSchema }),
    covenFieldsSchema.extend({ intent: z.literal("update") }),
    z.object({ intent: z.literal("archive"), archived: z.enum(["true", "false"]) }),
  ],
  "errors.badRequest",
);

export type CovenAction = z.output<typeof covenActionSchema>;

/** The list's filters from its address; anything unknown falls back to no filter. */
export const covenListQuerySchema = z.object({
  q: z.string().trim().max(COVEN_LIMITS.search).catch(""),
  tag: z.string().trim().toLowerCase().max(COVEN_LIMITS.tagMax).catch(""),
  language: z.union([z.enum(LOCALE_CODES as [string, ...string[]]), z.literal("")]).catch(""),
  sort: z.enum(COVEN_SORTS).catch("activity"),
});
export type CovenListQuery = z.output<typeof covenListQuerySchema>;

/**
 * The tabs of a coven's page (`?tab=`): the feed and members for members and admins, settings for
 * leaders. Without a (known) tab the page opens on the feed for those who read it, else on about.
 */
export const COVEN_TABS = ["feed", "events", "about", "members", "settings"] as const;
export type CovenTab = (typeof COVEN_TABS)[number];
export const covenTabSchema = z.enum(COVEN_TABS).nullable().catch(null);
