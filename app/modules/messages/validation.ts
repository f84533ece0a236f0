import { z } from "zod";
import { MESSAGE_MAX } from "./limits";

/** A message body: 1 to MESSAGE_MAX characters after trimming. Errors are translation keys. */
export const messageSchema = z.object({
  body: z
    .string({ error: "messages.errors.bodyRequired" })
    .trim()
    .min(1, "messages.errors.bodyRequired")
    .refine((body) => Array.from(body).length <= MESSAGE_MAX, "messages.errors.bodyTooLong"),
});

/** Who to start a conversation with: a profile slug or a user id (SPEC §5 tells them apart). */
export const startSchema = z.object({
  member: z
    .string()
    .trim()
    .min(1, "messages.errors.memberNotFound")
    .max(200, "messages.errors.memberNotFound"),
});

export type MessageInput = z.infer<typeof messageSchema>;
