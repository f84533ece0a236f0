import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { POST_BODY_MAX, POST_TITLE_MAX, POST_TITLE_MIN } from "#app/modules/discussions";
import { covenActionSchema } from "./validation";

/*
 * The coven page's forms with its feed's: a file of its own, so the pages that only list covens
 * do not carry the feed's texts (those of the discussions, whose limits a coven post keeps).
 */

/** A new post of the feed's composer: a title and Markdown, with the discussions' limits. */
const newPost = z.object({
  intent: z.literal("post"),
  title: z
    .string()
    .trim()
    .min(POST_TITLE_MIN, "discussions.errors.titleTooShort")
    .max(POST_TITLE_MAX, "discussions.errors.titleTooLong"),
  content: z
    .string()
    .trim()
    .min(1, "discussions.errors.bodyRequired")
    .max(POST_BODY_MAX, "discussions.errors.bodyTooLong"),
});

/** A leader's pin (or unpin) of one of the feed's posts. */
const pin = z.object({
  intent: z.literal("pin"),
  postId: idSchema,
  pinned: z.enum(["true", "false"]),
});

/** Every intent of the coven page's action (`covenActionSchema`'s, then the feed's). */
export const covenPageActionSchema = z.discriminatedUnion(
  "intent",
  [...covenActionSchema.options, newPost, pin],
  "errors.badRequest",
);
