import { rankTextKey } from "#app/modules/profiles";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link } from "react-router";
import { RenderedMarkdown } from "#app/components/markdown";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { cn } from "#app/lib/cn";
import { relativeTime } from "#app/lib/relative-time";
import { COMMENT_MAX } from "../limits";
import { commentAnchor } from "../links";
import { CommentPermalink } from "./comment-permalink";
import type { ReactionKindName } from "../reaction-kinds";
import type { CommentAuthor } from "../types";
import { ReactionBar } from "./reaction-bar";
import { ReportForm } from "./report-form";

export interface CommentData {
  id: string;
  content: string | null;
  contentHtml: string;
  status: string;
  createdAt: string | Date;
  editedAt: string | Date | null;
  /** Set (for its author and admins) while an edit waits for review; the published text shows. */
  heldEditAt: string | Date | null;
  /** The viewer's rights on it, computed on the server by the discussions policy. */
  canModify: boolean;
  canRemove: boolean;
  canReport: boolean;
  author: CommentAuthor;
  reactions: Partial<Record<ReactionKindName, number>>;
  mine: ReactionKindName[];
  replies: CommentData[];
}

export interface CommentPermissions {
  viewerId: string | null;
  canComment: boolean;
  canAccept: boolean;
  acceptedId: string | null;
}

/** Where the comment is shown: its thread (for its permalink) and the comment a permalink opened. */
export interface CommentPlace {
  /** The thread's address, for the comment's permalink. */
  path: string;
  highlightId: string | null;
}

export function CommentItem({
  comment,
  can,
  place,
  isReply = false,
}: {
  comment: CommentData;
  can: CommentPermissions;
  place: CommentPlace;
  isReply?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const own = can.viewerId === comment.author.userId;
  const accepted = can.acceptedId === comment.id;
  const published = comment.status === "published";
  const highlighted = place.highlightId === comment.id;
  return (
    // Focusable from script only: "Load more" moves focus to the first comment it brought. The
    // scroll margin keeps a permalinked comment clear of the sticky header.
    <li
      id={commentAnchor(comment.id)}
      tabIndex={-1}
      className={cn(
        "scroll-mt-24 outline-none focus-visible:ring-2 focus-visible:ring-ring",
        isReply && "border-s-2 border-border ps-4",
      )}
      data-testid="comment"
      data-highlighted={highlighted ? "true" : undefined}
    >
      <article
        className={cn(
          accepted ? "rounded-xl border border-primary/50 bg-primary/5 p-3" : "py-1",
          // The comment a permalink opened stands out (a notification, a shared link).
          highlighted && "rounded-xl bg-accent/60 p-3 ring-2 ring-primary/60",
        )}
      >
        <header className="flex flex-wrap items-center gap-2 text-sm">
          <Avatar src={comment.author.avatarUrl} name={comment.author.displayName} size="sm" />
          <Link to={`/profile/${comment.author.slug}`} className="font-medium hover:underline">
            <bdi>{comment.author.displayName}</bdi>
          </Link>
          <span className="text-xs text-muted-foreground">
            {t(rankTextKey(comment.author.rank))}
          </span>
          <span className="text-xs text-muted-foreground">
            · {relativeTime(comment.createdAt, t, i18n.language)}
          </span>
          {comment.editedAt ? (
            <span className="text-xs text-muted-foreground">· {t("discussions.edited")}</span>
          ) : null}
          {comment.status === "pending" ? (
            <Badge variant="outline">{t("discussions.pending")}</Badge>
          ) : null}
          {comment.status === "rejected" ? (
            <Badge variant="destructive">{t("discussions.rejected")}</Badge>
          ) : null}
          {comment.heldEditAt ? (
            <Badge variant="outline" title={t("discussions.editHeld")}>
              {t("discussions.editHeldBadge")}
            </Badge>
          ) : null}
          {accepted ? (
            <Badge className="gap-1">
              <CheckCircle2 className="size-3" aria-hidden="true" />
              {t("discussions.acceptedAnswer")}
            </Badge>
          ) : null}
        </header>
        {highlighted && own && comment.status === "pending" ? (
          // Where a new member lands after commenting: what happens to it next.
          <p role="status" className="mt-2 rounded-md border border-border bg-muted p-2 text-sm">
            {t("discussions.commentPending")}
          </p>
        ) : null}
        {editing ? (
          <Form method="post" className="mt-2 space-y-2" onSubmit={() => setEditing(false)}>
            <input type="hidden" name="intent" value="edit-comment" />
            <input type="hidden" name="commentId" value={comment.id} />
            <label className="sr-only" htmlFor={`edit-${comment.id}`}>
              {t("discussions.edit")}
            </label>
            <Textarea
              id={`edit-${comment.id}`}
              name="content"
              defaultValue={comment.content ?? ""}
              maxLength={COMMENT_MAX}
              rows={4}
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm">
                {t("discussions.save")}
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
                {t("discussions.cancel")}
              </Button>
            </div>
          </Form>
        ) : (
          <div className="mt-2 ps-10">
            <RenderedMarkdown html={comment.contentHtml} />
          </div>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2 ps-10">
          {published ? (
            <ReactionBar
              targetType="comment"
              targetId={comment.id}
              counts={comment.reactions}
              mine={comment.mine}
              canReact={can.viewerId !== null}
            />
          ) : null}
          {published && can.canComment && !isReply ? (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => setReplying((v) => !v)}
              aria-expanded={replying}
            >
              {t("discussions.reply")}
            </Button>
          ) : null}
          {published && can.canAccept ? (
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <input type="hidden" name="commentId" value={comment.id} />
              <Button type="submit" size="sm" variant="ghost">
                {accepted ? t("discussions.unacceptAnswer") : t("discussions.acceptAnswer")}
              </Button>
            </Form>
          ) : null}
          {comment.canModify && !editing ? (
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(true)}>
              {t("discussions.edit")}
            </Button>
          ) : null}
          {comment.canRemove ? (
            <Form
              method="post"
              onSubmit={(e) =>
                window.confirm(t("discussions.confirmDelete")) ? undefined : e.preventDefault()
              }
            >
              <input type="hidden" name="intent" value="delete-comment" />
              <input type="hidden" name="commentId" value={comment.id} />
              <Button type="submit" size="sm" variant="ghost">
                {t("discussions.delete")}
              </Button>
            </Form>
          ) : null}
          <CommentPermalink path={place.path} commentId={comment.id} />
          {comment.canReport ? <ReportForm targetType="comment" targetId={comment.id} /> : null}
        </div>
        {replying ? (
          <Form method="post" className="mt-3 space-y-2 ps-10" onSubmit={() => setReplying(false)}>
            <input type="hidden" name="intent" value="comment" />
            <input type="hidden" name="parentId" value={comment.id} />
            <label className="sr-only" htmlFor={`reply-${comment.id}`}>
              {t("discussions.writeReply")}
            </label>
            <Textarea
              id={`reply-${comment.id}`}
              name="content"
              placeholder={t("discussions.writeReply")}
              maxLength={COMMENT_MAX}
              rows={3}
              required
            />
            <Button type="submit" size="sm">
              {t("discussions.reply")}
            </Button>
          </Form>
        ) : null}
      </article>
      {comment.replies.length ? (
        <ul className="mt-3 space-y-3">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} can={can} place={place} isReply />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
