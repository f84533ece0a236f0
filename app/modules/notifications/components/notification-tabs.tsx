import { type MessageKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { badgeText, type NotificationTab } from "../tabs";
import type { UnreadCounts } from "../notifications.server";

const LABEL_KEYS: Record<NotificationTab, MessageKey> = {
  all: "notifications.tabAll",
  admin: "notifications.tabAdmin",
  community: "notifications.tabCommunity",
};

/**
 * SPEC §4 tabs: All, Admin (admins only) and Community, each with its unread count. Rendered as
 * links (`href`) on the page and as buttons (`onSelect`) in the popover.
 */
export function NotificationTabs({
  active,
  counts,
  isAdmin,
  href,
  onSelect,
}: {
  active: NotificationTab;
  counts: UnreadCounts | undefined;
  isAdmin: boolean;
  href?: (tab: NotificationTab) => string;
  onSelect?: (tab: NotificationTab) => void;
}) {
  const { t, i18n } = useTranslation();
  const tabs: NotificationTab[] = isAdmin ? ["all", "admin", "community"] : ["all", "community"];
  return (
    <div
      className="flex gap-1 border-b border-border px-2"
      role="group"
      aria-label={t("notifications.tabsLabel")}
    >
      {tabs.map((tab) => {
        const count = counts ? badgeText(counts[tab], 99, i18n.language) : undefined;
        const className = cn(
          "-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm",
          tab === active
            ? "border-primary font-medium text-foreground"
            : "border-transparent text-muted-foreground hover:text-foreground",
        );
        const content = (
          <>
            {t(LABEL_KEYS[tab])}
            {count ? (
              <span className="rounded-full bg-muted px-1.5 text-xs tabular-nums">{count}</span>
            ) : null}
          </>
        );
        return href ? (
          <a
            key={tab}
            href={href(tab)}
            className={className}
            aria-current={tab === active ? "page" : undefined}
          >
            {content}
          </a>
        ) : (
          <button
            key={tab}
            type="button"
            className={className}
            aria-pressed={tab === active}
            onClick={() => onSelect?.(tab)}
          >
            {content}
          </button>
        );
      })}
    </div>
  );
}
