import { z } from "zod";
import type { NewNotificationContent, NotificationContent } from "./content";
import { sanitizeNotificationHtml } from "./sanitize";

const name = z.string().max(200);
const post = z.string().max(300);
const target = z.enum(["post", "comment"]);

/** The stored values of each kind (see content.ts), checked when a row is read back. */
const storedContentSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("reply"), name, post, preview: z.string().max(300) }),
  z.object({ kind: z.literal("commentReply"), name, post, preview: z.string().max(300) }),
  z.object({ kind: z.literal("mention"), name, post }),
  z.object({ kind: z.literal("acceptedAnswer"), post }),
  z.object({ kind: z.literal("pending"), target, name, post }),
  z.object({ kind: z.literal("approved"), target, post }),
  z.object({ kind: z.literal("rejected"), target, post }),
  z.object({ kind: z.literal("pendingEdit"), target, name, post }),
  z.object({ kind: z.literal("editApproved"), target, post }),
  z.object({ kind: z.literal("editRejected"), target, post }),
  z.object({ kind: z.literal("rank"), rank: z.string().max(40) }),
  z.object({ kind: z.literal("badge"), badge: z.string().max(40) }),
  z.object({ kind: z.literal("newMember"), name }),
  z.object({ kind: z.literal("newEvent"), event: post, coven: name }),
  z.object({ kind: z.literal("newCoven"), name, coven: name }),
  z.object({ kind: z.literal("covenPost"), name, post, coven: name }),
  z.object({ kind: z.literal("eventPromoted"), event: post }),
  z.object({ kind: z.literal("eventCancelled"), event: post }),
  z.object({ kind: z.literal("eventReminder"), event: post, soon: z.enum(["day", "hour"]) }),
  z.object({ kind: z.literal("eventMessage"), event: post, name, preview: z.string().max(300) }),
  z.object({ kind: z.literal("newVideo"), name, video: post }),
  z.object({
    kind: z.literal("petitionChanged"),
    ritual: name,
    status: z.enum(["accepted", "declined", "scheduled", "performed", "closed"]),
  }),
  z.object({ kind: z.literal("newPetition"), name, ritual: name }),
  z.object({ kind: z.literal("consultationBooked"), master: name }),
  z.object({ kind: z.literal("consultationDiscarded"), master: name, reason: z.string().max(500) }),
  z.object({ kind: z.literal("broadcast"), subject: post, preview: z.string().max(300) }),
]) satisfies z.ZodType<NewNotificationContent>;

/**
 * What a stored row says, ready to render: its kind and values, or for a row written as text
 * (before kinds existed, or by a version that knew a kind this one does not) its title and
 * message, the message sanitized again on the way out (SPEC §5).
 */
export function readContent(row: {
  params: unknown;
  title: string | null;
  message: string | null;
}): NotificationContent {
  const parsed = storedContentSchema.safeParse(row.params);
  if (parsed.success) return parsed.data;
  return {
    kind: "text",
    title: row.title ?? "",
    html: sanitizeNotificationHtml(row.message ?? ""),
  };
}
