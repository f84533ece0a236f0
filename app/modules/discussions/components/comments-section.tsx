import { Form, Link, useLocation } from "react-router";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { useTranslation } from "#app/i18n/react";
import type { failureOf } from "#app/lib/form";
import { COMMENT_MAX } from "../limits";
import type { Thread } from "../thread.server";
import type { CommentPermissions } from "./comment-item";
import { ThreadComments } from "./thread-comments";

/**
 * A thread's comments with their paging and the form for a new one (or why the viewer may not
 * write one): under a post in `ThreadView`, and under a video's player (decision 049).
 */
export function CommentsSection({
  thread,
  path,
  can,
  failure,
  busy,
  commentRefusal,
}: {
  thread: Pick<Thread, "comments" | "page" | "commentRefusal"> & {
    post: Pick<Thread["post"], "replyCount">;
  };
  /** The thread's address: pages and permalinks hang off it. */
  path: string;
  can: CommentPermissions;
  failure: ReturnType<typeof failureOf>;
  /** A new comment is being sent. */
  busy: boolean;
  /** A refusal of the page's own (a coven that is read-only) in place of the engine's. */
  commentRefusal?: string | null;
}) {
  const { t } = useTranslation();
  // Another page of comments, or the page of a new comment, starts afresh: its forms empty and no
  // pages loaded in place.
  const { search } = useLocation();
  const { post } = thread;
  return (
    <section className="mt-6" aria-labelledby="comments-title">
      <h2 id="comments-title" className="text-xl font-semibold">
        {t("discussions.comments")}{" "}
        <span className="text-muted-foreground">({post.replyCount})</span>
      </h2>
      {thread.comments.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("discussions.noComments")}</p>
      ) : null}
      <ThreadComments
        key={search}
        path={path}
        page={{
          comments: thread.comments,
          earlier: thread.page.earlier,
          later: thread.page.later,
        }}
        can={can}
        highlightId={thread.page.highlightId}
      />
      <div className="mt-8">
        {commentRefusal ? (
          <p className="rounded-md border border-border bg-muted p-3 text-sm">{commentRefusal}</p>
        ) : thread.commentRefusal === null ? (
          <Form method="post" className="space-y-2" key={search}>
            <input type="hidden" name="intent" value="comment" />
            <label htmlFor="new-comment" className="text-sm font-medium">
              {t("discussions.writeComment")}
            </label>
            <Textarea
              id="new-comment"
              name="content"
              rows={4}
              maxLength={COMMENT_MAX}
              defaultValue={failure?.values.content ?? ""}
              required
            />
            <p className="text-xs text-muted-foreground">{t("discussions.markdownHint")}</p>
            <Button type="submit" disabled={busy}>
              {t("discussions.comment")}
            </Button>
          </Form>
        ) : thread.commentRefusal === "signIn" ? (
          <Button asChild variant="outline" wrap>
            <Link to={`/auth?redirectTo=${encodeURIComponent(path)}`}>
              {t("discussions.signInToComment")}
            </Link>
          </Button>
        ) : (
          <p className="rounded-md border border-border bg-muted p-3 text-sm">
            {t(`discussions.refusals.${thread.commentRefusal}`)}
          </p>
        )}
      </div>
    </section>
  );
}
