import type { Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { publish } from "#app/modules/realtime/index.server";
import { KIND_RULES, type NewNotificationContent } from "./content";
import { notifications } from "./schema";

type Executor = Pick<Db, "insert" | "execute">;

export interface NewNotification {
  userId: string;
  /** What it is about: a kind and its values, rendered in the reader's language when read. */
  content: NewNotificationContent;
  actionUrl?: string | null;
}

/** Member-written values are kept to a length a notification shows (and a realtime event carries). */
function bounded(content: NewNotificationContent): NewNotificationContent {
  return Object.fromEntries(
    Object.entries(content).map(([key, value]) => [
      key,
      typeof value === "string" ? value.slice(0, 300) : value,
    ]),
  ) as NewNotificationContent;
}

/**
 * Stores a notification and pushes it to the member's open pages. Call it inside the transaction
 * of the action that caused it: both happen only if that transaction commits. Its type (SPEC §3)
 * and tab follow from its kind.
 */
export async function notify(handle: Executor, input: NewNotification): Promise<void> {
  const content = bounded(input.content);
  const { type, audience } = KIND_RULES[content.kind];
  const row = firstRow(
    await handle
      .insert(notifications)
      .values({
        userId: input.userId,
        type,
        audience,
        params: content,
        actionUrl: input.actionUrl ?? null,
      })
      .returning({ id: notifications.id, createdAt: notifications.createdAt }),
    "new notification",
  );
  await publish(handle, {
    to: { users: [input.userId] },
    type: "notification",
    data: {
      id: row.id,
      type,
      audience,
      content,
      isRead: false,
      actionUrl: input.actionUrl ?? null,
      createdAt: row.createdAt.toISOString(),
    },
  });
}
