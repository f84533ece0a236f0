import { redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { actionOk, parseForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/index.server";
import { NotificationsPage } from "#app/modules/notifications/components/notifications-page";
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCounts,
} from "#app/modules/notifications/index.server";
import { canSeeAdminNotices, notificationTab } from "#app/modules/notifications";
import { notificationActionSchema } from "#app/modules/notifications/validation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "notifications.title", { noindex: true });

/** The full list (also what the header bell's popover loads with a fetcher). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const adminNotices = canSeeAdminNotices(viewer.actor);
  const tab = notificationTab(url.searchParams.get("tab"), adminNotices);
  const [items, counts] = await Promise.all([
    listNotifications(viewer.user.id, tab),
    unreadCounts(viewer.user.id),
  ]);
  return { tab, items, counts, isAdmin: adminNotices };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = await parseForm(request, notificationActionSchema);
  if (!parsed.ok) return parsed.response;
  if (parsed.data.intent === "read") {
    await markNotificationRead(viewer.user.id, parsed.data.id);
    if (parsed.data.redirectTo) throw redirect(parsed.data.redirectTo);
  } else {
    await markAllNotificationsRead(viewer.user.id, parsed.data.tab);
  }
  return actionOk();
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage {...loaderData} />;
}
