import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { IsolatedText } from "#app/components/isolated-text";
import { RenderedMarkdown } from "#app/components/markdown";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { isolate } from "#app/lib/bidi";
import { failureOf, type ActionResult } from "#app/lib/form";
import { relativeTime } from "#app/lib/relative-time";
import type { Thread } from "../thread.server";
import { AuthorCard } from "./author-card";
import { ReactionBar, ReactionIconSprite } from "./reaction-bar";
import { ReportForm } from "./report-form";
import { CommentsSection } from "./comments-section";

/** What the viewer may do with the post, from the policy functions the commands call. */
export interface ThreadFlags {
  viewerId: string | null;
  canFeature: boolean;
  canModifyPost: boolean;
  /** Delete the post: its author and admins, and a coven's leaders; `canModifyPost` when absent. */
  canRemovePost?: boolean;
  canReportPost: boolean;
  canAcceptAnswer: boolean;
}

/**
 * A thread on its page: the post, its reactions and actions, one page of comments and the comment
 * form. The public discussions and a coven's feed (decision 037) both show their threads with it;
 * each route gives the thread's address, what sits above the title (a category, a coven), where
 * editing happens (none in a coven) and, for a coven, its own reason not to take comments.
 */
export function ThreadView({
  thread,
  path,
  flags,
  actionData,
  context,
  editHref,
  commentRefusal,
  aside,
}: {
  thread: Thread;
  path: string;
  flags: ThreadFlags;
  actionData: ActionResult<unknown> | undefined;
  context: ReactNode;
  editHref: string | null;
  /** A refusal of the page's own (a coven that is read-only) in place of the engine's. */
  commentRefusal?: string | null;
  /** More for the side column under the author card (the public thread's related discussions). */
  aside?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { post } = thread;
  const { viewerId, canModifyPost } = flags;
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "comment" &&
    !navigation.formData?.get("parentId");
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const mayComment = thread.commentRefusal === null && !commentRefusal;
  const can = {
    viewerId,
    canComment: mayComment,
    canAccept: flags.canAcceptAnswer,
    acceptedId: post.acceptedCommentId,
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[1fr_18rem]">
      <ReactionIconSprite />
      <article className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {context}
          {post.status !== "published" ? (
            <Badge variant="destructive">{t(`discussions.${post.status}`)}</Badge>
          ) : null}
        </div>
        <h1 className="mt-2 text-3xl leading-tight font-semibold break-words" dir="auto">
          {post.title}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          <IsolatedText text={t("discussions.by", { name: isolate(post.author.displayName) })} /> ·{" "}
          {relativeTime(post.createdAt, t, i18n.language)}
          {post.editedAt ? ` · ${t("discussions.edited")}` : ""} ·{" "}
          {t("discussions.views", { count: post.viewCount })}
        </p>
        {post.status === "pending" ? (
          <p role="status" className="mt-3 rounded-md border border-border bg-muted p-3 text-sm">
            {t("discussions.postPending")}
          </p>
        ) : null}
        {post.heldEditAt ? (
          <p
            role="status"
            className="mt-3 rounded-md border border-border bg-muted p-3 text-sm"
            data-testid="edit-held"
          >
            {t("discussions.editHeld")}
          </p>
        ) : null}
        <div className="mt-6">
          <RenderedMarkdown html={post.contentHtml} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-2 border-b border-border pb-4">
          {post.status === "published" ? (
            <ReactionBar
              targetType="post"
              targetId={post.id}
              counts={post.reactions}
              mine={post.mine}
              canReact={viewerId !== null && !commentRefusal}
            />
          ) : null}
          <div className="ms-auto flex flex-wrap gap-1">
            {flags.canFeature ? (
              <Form method="post">
                <input type="hidden" name="intent" value="feature" />
                <Button type="submit" size="sm" variant="ghost">
                  {post.isFeatured ? t("discussions.unfeature") : t("discussions.feature")}
                </Button>
              </Form>
            ) : null}
            {canModifyPost && editHref ? (
              <Button asChild size="sm" variant="ghost">
                <Link to={editHref}>{t("discussions.edit")}</Link>
              </Button>
            ) : null}
            {(flags.canRemovePost ?? canModifyPost) ? (
              <Form
                method="post"
                onSubmit={(e) =>
                  window.confirm(t("discussions.confirmDelete")) ? undefined : e.preventDefault()
                }
              >
                <input type="hidden" name="intent" value="delete-post" />
                <Button type="submit" size="sm" variant="ghost">
                  {t("discussions.delete")}
                </Button>
              </Form>
            ) : null}
            {flags.canReportPost ? <ReportForm targetType="post" targetId={post.id} /> : null}
          </div>
        </div>

        <CommentsSection
          thread={thread}
          path={path}
          can={can}
          failure={failure}
          busy={busy}
          commentRefusal={commentRefusal}
        />
      </article>
      <aside className="space-y-4">
        <AuthorCard author={post.author} />
        {aside}
      </aside>
    </div>
  );
}
