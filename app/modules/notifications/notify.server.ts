import type { Db } from "#app/db/client.server";
import { publish } from "#app/modules/realtime/publish.server";
import { notifications, type NotificationType } from "./schema";
import { sanitizeNotificationHtml } from "./sanitize";

type Executor = Pick<Db, "insert" | "execute">;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  /** HTML; sanitized to the SPEC §5 allow-list before it is stored. */
  message: string;
  actionUrl?: string | null;
  audience?: "admin" | "community";
}

/**
 * Stores a notification and pushes it to the member's open pages. Call it inside the transaction
 * of the action that caused it: both happen only if that transaction commits.
 */
export async function notify(handle: Executor, input: NewNotification): Promise<void> {
  const message = sanitizeNotificationHtml(input.message);
  const title = input.title.slice(0, 200);
  const [row] = await handle
    .insert(notifications)
    .values({ userId: input.userId, type: input.type, title, message, actionUrl: input.actionUrl ?? null, audience: input.audience ?? "community" })
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  await publish(handle, {
    to: { users: [input.userId] },
    type: "notification",
    data: { id: row.id, type: input.type, isRead: false, title, message: message.slice(0, 2000), actionUrl: input.actionUrl ?? null, audience: input.audience ?? "community", createdAt: row.createdAt.toISOString() },
  });
}
