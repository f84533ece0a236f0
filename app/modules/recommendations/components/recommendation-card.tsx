import { type MessageKey } from "#app/i18n/i18n";
import { CheckCircle2, Clock, Heart, MessageSquare, Pin, Sparkles } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { relativeTime } from "#app/lib/relative-time";
import type { Reason } from "../ranking";
import { IsolatedText } from "#app/components/isolated-text";
import { reasonText } from "../reasons";
import type { RecommendedItem } from "../sources/source";

/** One pick: why it was chosen first, then the content, as the discussion list shows it. */
export function RecommendationCard({
  id,
  labelKey,
  reason,
  item,
}: {
  id: string;
  labelKey: MessageKey;
  reason: Reason;
  item: RecommendedItem;
}) {
  const { t, i18n } = useTranslation();
  const titleId = `pick-${id}`;
  return (
    <li
      className="flex flex-col rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary/40"
      aria-labelledby={titleId}
      data-testid="recommendation"
    >
      <p
        className="flex items-start gap-2 text-sm font-medium text-primary"
        data-testid="recommendation-reason"
      >
        <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <IsolatedText text={reasonText(reason, t)} />
        </span>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Badge variant="outline">{t(labelKey)}</Badge>
        {item.featured ? (
          <Badge variant="secondary" className="gap-1">
            <Pin className="size-3" aria-hidden="true" />
            {t("discussions.featured")}
          </Badge>
        ) : null}
        {item.answered ? (
          <Badge variant="outline" className="gap-1">
            <CheckCircle2 className="size-3" aria-hidden="true" />
            {t("discussions.answered")}
          </Badge>
        ) : null}
      </div>
      <h2 id={titleId} className="mt-2 text-lg leading-snug font-semibold break-words">
        <Link to={item.href} className="hover:text-primary hover:underline">
          {/* A member's title keeps its own direction on a page in the other direction. */}
          <bdi>{item.title}</bdi>
        </Link>
      </h2>
      {item.excerpt ? (
        <p className="mt-1 line-clamp-2 text-sm text-muted-foreground" dir="auto">
          {item.excerpt}
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-3 text-xs text-muted-foreground">
        <span className="inline-flex min-w-0 items-center gap-2">
          <Avatar src={item.author.avatarUrl} name={item.author.displayName} size="sm" />
          <Link
            to={`/profile/${item.author.slug}`}
            className="truncate font-medium text-foreground hover:underline"
          >
            <bdi>{item.author.displayName}</bdi>
          </Link>
        </span>
        {item.topic.href ? (
          <Link
            to={item.topic.href}
            className="rounded bg-muted px-1.5 py-0.5 hover:text-foreground"
          >
            {item.topic.label}
          </Link>
        ) : (
          <span className="rounded bg-muted px-1.5 py-0.5">{item.topic.label}</span>
        )}
        <span className="inline-flex items-center gap-1">
          <MessageSquare className="size-3.5" aria-hidden="true" />
          {t("discussions.replies", { count: item.replyCount })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Heart className="size-3.5" aria-hidden="true" />
          {t("discussions.reactions", { count: item.reactionCount })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden="true" />
          {t("discussions.lastActivity", { time: relativeTime(item.activeAt, t, i18n.language) })}
        </span>
      </div>
    </li>
  );
}
