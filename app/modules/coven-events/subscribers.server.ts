import { and, eq, isNull, ne } from "drizzle-orm";
import { subscribe } from "#app/modules/events/index.server";
import { covenMembers } from "#app/modules/covens/schema";
import { notify } from "#app/modules/notifications/index.server";
import { queueMessageEmails } from "./messages.server";

/** What members are told about events; each runs as its own job (decision 030). */
export const covenEventSubscriptions = [
  /** `new_event` to the hosting coven's members (not banned), except the host. */
  subscribe("event.created", "notifications", async (tx, event) => {
    if (!event.covenId || !event.covenName) return;
    const members = await tx
      .select({ userId: covenMembers.userId })
      .from(covenMembers)
      .where(
        and(
          eq(covenMembers.covenId, event.covenId),
          isNull(covenMembers.bannedAt),
          ne(covenMembers.userId, event.hostId),
        ),
      );
    for (const member of members) {
      await notify(tx, {
        userId: member.userId,
        content: { kind: "newEvent", event: event.title, coven: event.covenName },
        actionUrl: event.url,
      });
    }
  }),

  subscribe("event.promoted", "notifications", async (tx, event) => {
    for (const userId of event.userIds) {
      await notify(tx, {
        userId,
        content: { kind: "eventPromoted", event: event.title },
        actionUrl: event.url,
      });
    }
  }),

  subscribe("event.cancelled", "notifications", async (tx, event) => {
    for (const userId of event.userIds) {
      await notify(tx, {
        userId,
        content: { kind: "eventCancelled", event: event.title },
        actionUrl: event.url,
      });
    }
  }),

  /** A host's message: in-app for each recipient, and one job that e-mails them all once. */
  subscribe("event.messaged", "notifications", async (tx, event) => {
    for (const userId of event.userIds) {
      await notify(tx, {
        userId,
        content: {
          kind: "eventMessage",
          event: event.title,
          name: event.senderName,
          preview: event.preview,
        },
        actionUrl: event.url,
      });
    }
    await queueMessageEmails(tx, event.messageId);
  }),
];
