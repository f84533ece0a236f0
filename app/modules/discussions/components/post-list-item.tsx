import { rankTextKey } from "#app/modules/profiles";
import { CheckCircle2, Clock, Heart, MessageSquare, Pin } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { relativeTime } from "#app/lib/relative-time";
import type { PostListItem as PostListItemData } from "../types";

export function PostListItem({ post }: { post: PostListItemData }) {
  const { t, i18n } = useTranslation();
  return (
    <li
      className="rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary/40"
      data-testid="post-row"
    >
      <div className="flex gap-3">
        <Avatar
          src={post.author.avatarUrl}
          name={post.author.displayName}
          size="md"
          className="hidden sm:inline-flex"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {post.isFeatured ? (
              <Badge variant="secondary" className="gap-1">
                <Pin className="size-3" aria-hidden="true" />
                {t("discussions.featured")}
              </Badge>
            ) : null}
            {post.answered ? (
              <Badge variant="outline" className="gap-1">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                {t("discussions.answered")}
              </Badge>
            ) : null}
            {post.status !== "published" ? (
              <Badge variant="destructive">{t(`discussions.${post.status}`)}</Badge>
            ) : null}
          </div>
          <h2 className="mt-1 text-lg leading-snug font-semibold" dir="auto">
            <Link to={`/discussions/${post.slug}`} className="hover:text-primary hover:underline">
              {post.title}
            </Link>
          </h2>
          {post.excerpt ? (
            <p className="mt-1 line-clamp-2 text-sm text-muted-foreground" dir="auto">
              {post.excerpt}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <span>
              <Link
                to={`/profile/${post.author.slug}`}
                className="font-medium text-foreground hover:underline"
              >
                <bdi>{post.author.displayName}</bdi>
              </Link>{" "}
              · {t(rankTextKey(post.author.rank))}
            </span>
            <Link
              to={`/discussions?category=${encodeURIComponent(post.category.slug)}`}
              className="rounded bg-muted px-1.5 py-0.5 hover:text-foreground"
            >
              <bdi>{post.category.title ?? post.category.slug}</bdi>
            </Link>
            <span className="inline-flex items-center gap-1">
              <MessageSquare className="size-3.5" aria-hidden="true" />
              {t("discussions.replies", { count: post.replyCount })}
            </span>
            <span className="inline-flex items-center gap-1">
              <Heart className="size-3.5" aria-hidden="true" />
              {t("discussions.reactions", { count: post.reactionCount })}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden="true" />
              {t("discussions.lastActivity", {
                time: relativeTime(post.lastActivityAt, t, i18n.language),
              })}
            </span>
          </div>
        </div>
      </div>
    </li>
  );
}
