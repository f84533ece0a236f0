import { rankTextKey } from "#app/modules/profiles";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { relativeTime } from "#app/lib/relative-time";
import { numberFormat } from "#app/lib/intl";
import type { ConversationMember } from "../types";

export interface ConversationListItem {
  id: string;
  lastMessageAt: Date | string;
  other: ConversationMember;
  last: { preview: string; mine: boolean; createdAt: Date | string } | null;
  unread: number;
}

/**
 * The viewer's conversations, newest activity first: the other member, the last message and the
 * unread count. `pageHref` builds the link of another page of the list (the cursor is kept in the
 * URL so it works without JavaScript).
 */
export function ConversationList({
  items,
  activeId,
  nextCursor,
  cursor,
  pageHref,
  className,
}: {
  items: ConversationListItem[];
  activeId?: string;
  nextCursor: string | null;
  cursor: string | null;
  pageHref: (cursor: string | null) => string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <nav
      aria-label={t("messages.conversations")}
      className={cn("flex min-h-0 flex-col", className)}
    >
      {items.length === 0 ? (
        <div className="p-6 text-center">
          <p className="font-medium">{t("messages.emptyTitle")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("messages.emptyText")}</p>
          <Button asChild variant="outline" size="sm" className="mt-4">
            <Link to="/members">{t("messages.browseMembers")}</Link>
          </Button>
        </div>
      ) : (
        <ul
          className="min-h-0 flex-1 divide-y divide-border overflow-y-auto"
          data-testid="conversation-list"
        >
          {items.map((item) => {
            const active = item.id === activeId;
            const lastText = item.last
              ? item.last.mine
                ? t("messages.you", { text: item.last.preview })
                : item.last.preview
              : t("messages.noMessagesYet");
            return (
              <li key={item.id}>
                <Link
                  to={`/messages/${item.id}`}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 px-3 py-3 hover:bg-muted focus-visible:bg-muted",
                    active && "bg-muted",
                  )}
                  data-testid={`conversation-${item.other.slug}`}
                >
                  <Avatar src={item.other.avatarUrl} name={item.other.displayName} size="md" />
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span
                        className={cn(
                          "truncate",
                          item.unread > 0 ? "font-semibold" : "font-medium",
                        )}
                        dir="auto"
                      >
                        {item.other.displayName}
                      </span>
                      <time
                        dateTime={new Date(item.lastMessageAt).toISOString()}
                        className="shrink-0 text-xs text-muted-foreground"
                        suppressHydrationWarning
                      >
                        {relativeTime(item.last?.createdAt ?? item.lastMessageAt, t, i18n.language)}
                      </time>
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {t(rankTextKey(item.other.rank))}
                    </span>
                    <span className="flex items-center justify-between gap-2">
                      <span
                        className={cn(
                          "truncate text-sm",
                          item.unread > 0 ? "text-foreground" : "text-muted-foreground",
                        )}
                        dir="auto"
                      >
                        {lastText}
                      </span>
                      {item.unread > 0 ? (
                        <span
                          className="shrink-0 rounded-full bg-primary px-2 text-xs leading-5 font-semibold text-primary-foreground"
                          data-testid="conversation-unread"
                        >
                          <span aria-hidden="true">
                            {item.unread > 99 ? "99+" : number.format(item.unread)}
                          </span>
                          <span className="sr-only">
                            {t("messages.unread", { count: item.unread })}
                          </span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {cursor || nextCursor ? (
        <div className="flex items-center justify-between gap-2 border-t border-border px-3 py-2 text-sm">
          {cursor ? (
            <Link to={pageHref(null)} className="text-primary hover:underline">
              {t("messages.newestConversations")}
            </Link>
          ) : (
            <span />
          )}
          {nextCursor ? (
            <Link to={pageHref(nextCursor)} className="text-primary hover:underline">
              {t("messages.olderConversations")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
