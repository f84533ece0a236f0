import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import type { NotificationTab } from "../tabs";
import type { UnreadCounts } from "../notifications.server";
import { NotificationList, type NotificationListItem } from "./notification-list";
import { NotificationTabs } from "./notification-tabs";

/** `/notifications`: the full list with tabs, for phones and browsers without JavaScript. */
export function NotificationsPage({
  tab,
  items,
  counts,
  isAdmin,
}: {
  tab: NotificationTab;
  items: NotificationListItem[];
  counts: UnreadCounts;
  isAdmin: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("notifications.title")}</h1>
        {counts[tab] > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <input type="hidden" name="tab" value={tab} />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              {t("notifications.markAllRead")}
            </Button>
          </Form>
        ) : null}
      </div>
      <div className="mt-6 overflow-hidden rounded-lg border border-border bg-card">
        <NotificationTabs
          active={tab}
          counts={counts}
          isAdmin={isAdmin}
          href={(next) => `/notifications?tab=${next}`}
        />
        <NotificationList items={items} tab={tab} />
      </div>
    </div>
  );
}
