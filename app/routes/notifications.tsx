import { data, redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { readForm } from "#app/lib/form";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/viewer.server";
import { NotificationsPage } from "#app/modules/notifications/components/notifications-page";
import { listNotifications, markAllNotificationsRead, markNotificationRead, unreadCounts } from "#app/modules/notifications/notifications.server";
import { notificationTab } from "#app/modules/notifications/tabs";
import { notificationActionSchema } from "#app/modules/notifications/validation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "notifications.title", { noindex: true });

/** The full list (also what the header bell's popover loads with a fetcher). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const tab = notificationTab(url.searchParams.get("tab"), viewer.isAdmin);
  const [items, counts] = await Promise.all([listNotifications(viewer.user.id, tab), unreadCounts(viewer.user.id)]);
  return { tab, items, counts, isAdmin: viewer.isAdmin };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = notificationActionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ ok: false }, { status: 400 });
  if (parsed.data.intent === "read") {
    await markNotificationRead(viewer.user.id, parsed.data.id);
    if (parsed.data.redirectTo) throw redirect(parsed.data.redirectTo);
  } else {
    await markAllNotificationsRead(viewer.user.id, parsed.data.tab);
  }
  return { ok: true };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage {...loaderData} />;
}
