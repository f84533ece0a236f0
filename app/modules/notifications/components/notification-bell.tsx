import { Bell } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link, useFetcher } from "react-router";
import { IsolatedText } from "#app/components/isolated-text";
import { toast } from "#app/components/ui/toast";
import { Button } from "#app/components/ui/button";
import { CountBadge } from "#app/components/ui/count-badge";
import { Popover, PopoverContent, PopoverTrigger } from "#app/components/ui/popover";
import { Spinner } from "#app/components/ui/spinner";
import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";
import type { RealtimeEventMap } from "#app/modules/realtime";
import { useRootData } from "#app/root";
import { NOTIFICATION_LIST_LIMIT, badgeText, type NotificationTab } from "../tabs";
import type { UnreadCounts } from "../notifications.server";
import { playChime } from "./chime";
import { notificationText } from "../content";
import { NotificationList, type NotificationListItem } from "./notification-list";
import { NotificationMessage } from "./notification-message";
import { NotificationTabs } from "./notification-tabs";

interface ListData {
  tab: NotificationTab;
  items: NotificationListItem[];
  counts: UnreadCounts;
}

/**
 * The header bell (SPEC §2, §4): the unread count (9+ above 9), a popover with the newest 50
 * under All / Admin / Community, 'Mark all read', and live arrivals: the count rises, a toast
 * shows the title and sanitized message, and a short chime plays unless the member turned it off.
 * The full list lives at /notifications (linked from the popover and the user menu).
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const viewer = root.viewer;
  const list = useFetcher<ListData>();
  const markAll = useFetcher();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<NotificationTab>("all");
  // Arrivals since the root loader last counted, and since the open list was loaded.
  const [arrivals, setArrivals] = useState({
    root,
    count: 0,
    items: [] as Array<RealtimeEventMap["notification"]>,
    listData: list.data,
  });
  let { count, items } = arrivals;
  if (arrivals.root !== root) {
    count = 0;
    setArrivals((current) => ({ ...current, root, count: 0 }));
  }
  if (arrivals.listData !== list.data) {
    items = [];
    setArrivals((current) => ({ ...current, listData: list.data, items: [] }));
  }

  const { load } = list;
  useEffect(() => {
    if (open) void load(`/notifications?tab=${tab}`);
  }, [open, tab, load]);

  useRealtimeEvent("notification", (event) => {
    setArrivals((current) => ({
      ...current,
      count: current.count + 1,
      items: [event, ...current.items],
    }));
    // In the language the page shows now, as the list will show it.
    const text = notificationText(event.content, t);
    toast(<IsolatedText text={text.title} />, {
      description: text.message ? <NotificationMessage text={text} /> : undefined,
    });
    if (viewer?.notificationSound) playChime();
  });

  if (!viewer) return null;
  const unread = Math.max(0, (root.unreadNotifications ?? 0) + count);
  const badge = badgeText(unread, 9, i18n.language);
  const label =
    unread > 0 ? t("notifications.bellUnread", { count: unread }) : t("notifications.title");

  const shown = mergeNewestFirst(
    items.filter((item) => tab === "all" || item.audience === tab),
    list.data?.tab === tab ? list.data.items : [],
  );
  const loading = list.state === "loading" && !list.data;
  const counts = list.data?.counts;
  const tabUnread = counts
    ? counts[tab] + items.filter((item) => tab === "all" || item.audience === tab).length
    : 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative size-9 sm:size-10"
          title={label}
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden="true" />
          {/* Named by its content, not aria-label: the visible badge ("9+") is no part of the name. */}
          <span className="sr-only">{label}</span>
          {badge ? <CountBadge text={badge} data-testid="notification-count" /> : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="flex w-[min(24rem,calc(100vw-1rem))] flex-col"
        aria-label={t("notifications.title")}
      >
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <h2 className="font-semibold">{t("notifications.title")}</h2>
          {tabUnread > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={markAll.state !== "idle"}
              onClick={() => {
                setArrivals((current) => ({
                  ...current,
                  items: current.items.map((item) => ({ ...item, isRead: true })),
                }));
                void markAll.submit(
                  { intent: "read-all", tab },
                  { method: "post", action: "/notifications" },
                );
              }}
            >
              {t("notifications.markAllRead")}
            </Button>
          ) : null}
        </div>
        <NotificationTabs active={tab} counts={counts} isAdmin={viewer.isAdmin} onSelect={setTab} />
        <div className="max-h-[min(28rem,70vh)] overflow-y-auto">
          {loading ? (
            <div className="grid place-items-center py-8">
              <Spinner label={t("common.loading")} />
            </div>
          ) : (
            <NotificationList items={shown} tab={tab} onOpen={() => setOpen(false)} />
          )}
        </div>
        <div className="border-t border-border px-4 py-2 text-center">
          <Link
            to={`/notifications?tab=${tab}`}
            className="text-sm text-primary hover:underline"
            onClick={() => setOpen(false)}
          >
            {t("notifications.viewAll")}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** Live arrivals in front of the loaded list, without duplicates, at most 50 (SPEC §4). */
function mergeNewestFirst(
  live: NotificationListItem[],
  loaded: NotificationListItem[],
): NotificationListItem[] {
  const seen = new Set<string>();
  const merged: NotificationListItem[] = [];
  for (const item of [...live, ...loaded]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged.slice(0, NOTIFICATION_LIST_LIMIT);
}
