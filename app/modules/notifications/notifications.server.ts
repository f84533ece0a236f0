import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { profiles } from "#app/modules/profiles/schema";
import type { NewNotificationContent, NotificationContent } from "./content";
import { readContent } from "./content.server";
import { notify } from "./notify.server";
import { notifications, type NotificationType } from "./schema";
import { NOTIFICATION_LIST_LIMIT, type NotificationTab } from "./tabs";
import { ADMIN_ROLES } from "#app/modules/auth";

export interface NotificationItem {
  id: string;
  type: NotificationType;
  audience: "admin" | "community";
  /** What it says, rendered by the page in the reader's language (`notificationText`). */
  content: NotificationContent;
  actionUrl: string | null;
  isRead: boolean;
  createdAt: string;
}

export interface UnreadCounts {
  all: number;
  admin: number;
  community: number;
}

function tabFilter(tab: NotificationTab) {
  return tab === "all" ? undefined : eq(notifications.audience, tab);
}

/** The newest 50 notifications of a member under one tab (SPEC §4, §9). */
export async function listNotifications(
  userId: string,
  tab: NotificationTab,
): Promise<NotificationItem[]> {
  const rows = await db()
    .select({
      id: notifications.id,
      type: notifications.type,
      audience: notifications.audience,
      params: notifications.params,
      title: notifications.title,
      message: notifications.message,
      actionUrl: notifications.actionUrl,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), tabFilter(tab)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map(({ params, title, message, ...row }) => ({
    ...row,
    content: readContent({ params, title, message }),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Unread counts per tab, in one query. */
export async function unreadCounts(userId: string): Promise<UnreadCounts> {
  const [row] = await db()
    .select({
      all: count(),
      admin: sql<number>`count(*) filter (where ${notifications.audience} = 'admin')`.mapWith(
        Number,
      ),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  const all = row?.all ?? 0;
  const admin = row?.admin ?? 0;
  return { all, admin, community: all - admin };
}

/** The bell's number: every unread notification of the member. */
export async function unreadNotificationCount(userId: string): Promise<number> {
  return (await unreadCounts(userId)).all;
}

/** Marks one of the member's own notifications read; another member's id changes nothing. */
export async function markNotificationRead(userId: string, id: string): Promise<void> {
  await db()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
}

/** 'Mark all read' for one tab (all, admin or community). */
export async function markAllNotificationsRead(
  userId: string,
  tab: NotificationTab,
): Promise<void> {
  await db()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), tabFilter(tab)));
}

type Executor = Pick<Db, "select" | "insert" | "execute">;

/** Sends the same notice to every admin (each reads it in their own language). */
export async function notifyAdmins(
  handle: Executor,
  content: NewNotificationContent,
  actionUrl: string | null,
): Promise<void> {
  const admins = await handle
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(inArray(profiles.role, [...ADMIN_ROLES]));
  for (const admin of admins) await notify(handle, { userId: admin.userId, content, actionUrl });
}
