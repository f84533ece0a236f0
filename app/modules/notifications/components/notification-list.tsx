import { type MessageKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form } from "react-router";
import { IsolatedText } from "#app/components/isolated-text";
import { cn } from "#app/lib/cn";
import { relativeTime } from "#app/lib/relative-time";
import { notificationText, type NotificationContent } from "../content";
import type { NotificationTab } from "../tabs";
import { NotificationMessage } from "./notification-message";

export interface NotificationListItem {
  id: string;
  content: NotificationContent;
  actionUrl: string | null;
  isRead: boolean;
  createdAt: string;
}

const EMPTY_KEYS: Record<NotificationTab, MessageKey> = {
  all: "notifications.empty",
  admin: "notifications.emptyAdmin",
  community: "notifications.emptyCommunity",
};

/**
 * Notifications, newest first, in the language the page shows now. Opening one is a POST that
 * marks it read and then goes to its page, so it works without JavaScript; its message sits
 * outside the button, so links inside an old HTML message stay links.
 */
export function NotificationList({
  items,
  tab,
  onOpen,
  className,
}: {
  items: NotificationListItem[];
  tab: NotificationTab;
  onOpen?: () => void;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted-foreground">{t(EMPTY_KEYS[tab])}</p>
    );
  }
  return (
    <ul className={cn("divide-y divide-border", className)} data-testid="notification-list">
      {items.map((item) => {
        const text = notificationText(item.content, t);
        return (
          <li
            key={item.id}
            className={cn("relative px-4 py-3", !item.isRead && "bg-accent/60")}
            data-unread={!item.isRead || undefined}
          >
            <Form method="post" action="/notifications" onSubmit={onOpen}>
              <input type="hidden" name="intent" value="read" />
              <input type="hidden" name="id" value={item.id} />
              <input
                type="hidden"
                name="redirectTo"
                value={item.actionUrl ?? `/notifications?tab=${tab}`}
              />
              <button
                type="submit"
                className="flex w-full items-start gap-2 text-start focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "mt-1.5 size-2 shrink-0 rounded-full",
                    item.isRead ? "bg-transparent" : "bg-primary",
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span className={cn("block text-sm", !item.isRead && "font-semibold")}>
                    <IsolatedText text={text.title} />
                    {item.isRead ? null : (
                      <span className="sr-only"> ({t("notifications.unread")})</span>
                    )}
                  </span>
                  <time dateTime={item.createdAt} className="block text-xs text-muted-foreground">
                    {relativeTime(item.createdAt, t, i18n.language)}
                  </time>
                </span>
              </button>
            </Form>
            <NotificationMessage
              text={text}
              className="notification-message ms-4 mt-1 text-sm text-muted-foreground [&_a]:text-primary [&_a]:underline"
            />
          </li>
        );
      })}
    </ul>
  );
}
