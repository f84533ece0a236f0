import { Lock, Pin } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/thread";
import { actionError, actionOk, parseForm } from "#app/lib/form";
import { notShared } from "#app/lib/http-cache";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { metaT, pageMeta } from "#app/i18n/meta";
import { IsolatedText } from "#app/components/isolated-text";
import { RenderedMarkdown } from "#app/components/markdown";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { isolate } from "#app/lib/bidi";
import { relativeTime } from "#app/lib/relative-time";
import { getViewer, requireUser } from "#app/modules/auth/index.server";
import { AuthorCard } from "#app/modules/discussions/components/author-card";
import { ThreadComments } from "#app/modules/discussions/components/thread-comments";
import { ReactionBar, ReactionIconSprite } from "#app/modules/discussions/components/reaction-bar";
import { ReportForm } from "#app/modules/discussions/components/report-form";
import {
  reportContent,
  toggleReaction,
  PostRefusedError,
  deletePost,
  recordView,
  rulesFor,
  setFeatured,
  viewerKeyFor,
  allowPosting,
  acceptAnswer,
  createComment,
  deleteComment,
  getThread,
  updateComment,
  threadTarget,
  publicThreadTitle,
} from "#app/modules/discussions/index.server";
import {
  COMMENT_MAX,
  canAcceptAnswer,
  canFeature,
  canModify,
  canReport,
  excerpt,
  commentPermalink,
  threadHref,
  threadPageHref,
} from "#app/modules/discussions";
import { NotAllowedError } from "#app/modules/auth";
import { threadActionSchema } from "#app/modules/discussions/validation";
import { publicUrl } from "#app/lib/config.server";
import { requireReader } from "#app/modules/reading/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

// A visit counts as a view (trending), so a shared cache must not answer for the server.
export const headers = notShared;

// A further page of comments names itself as such, and every page names its own address: the
// first page's is the thread's, so `?comment=` links and stale cursors do not count as pages.
export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(
        args,
        { text: args.loaderData.thread.post.title },
        {
          description: args.loaderData.description,
          canonical: args.loaderData.canonical,
          prefix: args.loaderData.thread.page.canonicalAfter
            ? String(metaT(args)("discussions.paging.laterPageTitle"))
            : undefined,
        },
      )
    : [];

/** The trail names the discussion by its title. */
export const handle = {
  texts: ["discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>(
    (data) => data?.thread.post.title ?? null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export async function loader({ request, params, url }: Route.LoaderArgs) {
  // Members-only reading: a guest gets the title and the sign-up screen, never the thread.
  await requireReader(request, "discussion", () => publicThreadTitle(params.slug));
  const viewer = rulesFor(await getViewer(request));
  const pageRequest = {
    comment: url.searchParams.get("comment"),
    after: url.searchParams.get("after"),
    before: url.searchParams.get("before"),
  };
  const thread = await getThread(params.slug, viewer, pageRequest);
  if (!thread) throw data(null, { status: 404 });
  // A visit counts once, not again for every further page of comments it reads.
  if (thread.post.status === "published" && !pageRequest.after && !pageRequest.before)
    await recordView(thread.post.id, viewerKeyFor(request, viewer?.id ?? null));
  const { slug } = thread.post;
  return {
    thread,
    canonical: `${publicUrl()}${thread.page.canonicalAfter ? threadPageHref(slug, { after: thread.page.canonicalAfter }) : threadHref(slug)}`,
    description: excerpt(thread.post.content, 160),
    viewerId: viewer?.id ?? null,
    // What the viewer may do, by the same policy functions the commands call.
    canFeature: canFeature(viewer),
    canModifyPost: canModify(thread.post.author.userId, viewer),
    canReportPost: canReport(viewer, {
      authorId: thread.post.author.userId,
      status: thread.post.status,
    }),
    canAcceptAnswer: canAcceptAnswer(viewer, { authorId: thread.post.author.userId }),
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewerFull = await requireUser({ request, url });
  const viewer = rulesFor(viewerFull)!;
  // One indexed read for the post's id: an action never loads or renders the thread.
  const thread = await threadTarget(params.slug, viewer);
  if (!thread) throw data(null, { status: 404 });
  // The thread's forms have no place for field errors: the first one is the toast.
  const parsed = await parseForm(request, threadActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const rateLimited = () =>
    actionError({ formError: "discussions.errors.rateLimited", values: parsed.values }, 429);
  try {
    switch (input.intent) {
      case "comment": {
        if (!(await allowPosting("comment", viewer.id))) return rateLimited();
        const { id } = await createComment(viewer, thread.id, {
          content: input.content,
          parentId: input.parentId || null,
        });
        // To the new comment, on whichever page holds it (in a long thread, rarely the one the
        // form was on), with or without JavaScript; a comment waiting for a moderator says so there.
        throw redirect(commentPermalink(thread.slug, id));
      }
      case "react":
        if (!(await allowPosting("reaction", viewer.id))) return rateLimited();
        await toggleReaction(viewer, { type: input.targetType, id: input.targetId }, input.kind);
        return actionOk();
      case "accept":
        await acceptAnswer(viewer, thread.id, input.commentId);
        return actionOk();
      case "edit-comment": {
        const { held } = await updateComment(viewer, input.commentId, input.content);
        return actionOk({ toast: held ? { key: "discussions.editHeld" } : undefined });
      }
      case "delete-comment":
        await deleteComment(viewer, input.commentId);
        return actionOk({ toast: { key: "discussions.commentDeleted" } });
      case "delete-post":
        await deletePost(viewer, thread.id);
        throw redirect("/discussions");
      case "report":
        if (!(await allowPosting("report", viewer.id))) return rateLimited();
        await reportContent(viewer, { type: input.targetType, id: input.targetId }, input.reason);
        return actionOk();
      case "feature":
        await setFeatured(viewer, thread.id, !thread.isFeatured);
        return actionOk();
    }
  } catch (error) {
    if (error instanceof PostRefusedError)
      return actionError(
        { formError: `discussions.refusals.${error.reason}`, values: parsed.values },
        error.reason === "notFound" ? 404 : 403,
      );
    if (error instanceof NotAllowedError)
      return actionError({ formError: "errors.unauthorized" }, 403);
    throw error;
  }
}

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { thread, viewerId, canModifyPost } = loaderData;
  const { post } = thread;
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "comment" &&
    !navigation.formData?.get("parentId");

  // Another page of comments, or the page of a new comment, starts afresh: its forms empty and no
  // pages loaded in place.
  const { search } = useLocation();
  useActionToast(actionData);

  const can = {
    viewerId,
    canComment: thread.commentRefusal === null,
    canAccept: loaderData.canAcceptAnswer,
    acceptedId: post.acceptedCommentId,
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[1fr_18rem]">
      <ReactionIconSprite />
      <article className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to={`/discussions?category=${encodeURIComponent(post.category.slug)}`}
            className="rounded bg-muted px-2 py-0.5 hover:underline"
          >
            <bdi>{post.category.title}</bdi>
          </Link>
          {thread.premiumCategory ? (
            <Badge variant="outline" className="gap-1">
              <Lock className="size-3" aria-hidden="true" />
              {t("discussions.premium")}
            </Badge>
          ) : null}
          {post.isFeatured ? (
            <Badge variant="secondary" className="gap-1">
              <Pin className="size-3" aria-hidden="true" />
              {t("discussions.featured")}
            </Badge>
          ) : null}
          {post.status !== "published" ? (
            <Badge variant="destructive">{t(`discussions.${post.status}`)}</Badge>
          ) : null}
        </div>
        <h1 className="mt-2 text-3xl leading-tight font-semibold" dir="auto">
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
              canReact={viewerId !== null}
            />
          ) : null}
          <div className="ms-auto flex flex-wrap gap-1">
            {loaderData.canFeature ? (
              <Form method="post">
                <input type="hidden" name="intent" value="feature" />
                <Button type="submit" size="sm" variant="ghost">
                  {post.isFeatured ? t("discussions.unfeature") : t("discussions.feature")}
                </Button>
              </Form>
            ) : null}
            {canModifyPost ? (
              <>
                <Button asChild size="sm" variant="ghost">
                  <Link to={`/discussions/${post.slug}/edit`}>{t("discussions.edit")}</Link>
                </Button>
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
              </>
            ) : null}
            {loaderData.canReportPost ? <ReportForm targetType="post" targetId={post.id} /> : null}
          </div>
        </div>

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
            slug={post.slug}
            page={{
              comments: thread.comments,
              earlier: thread.page.earlier,
              later: thread.page.later,
            }}
            can={can}
            highlightId={thread.page.highlightId}
          />
          <div className="mt-8">
            {thread.commentRefusal === null ? (
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
                  defaultValue={actionData && !actionData.ok ? actionData.values.content : ""}
                  required
                />
                <p className="text-xs text-muted-foreground">{t("discussions.markdownHint")}</p>
                <Button type="submit" disabled={busy}>
                  {t("discussions.comment")}
                </Button>
              </Form>
            ) : thread.commentRefusal === "signIn" ? (
              <Button asChild variant="outline" wrap>
                <Link to={`/auth?redirectTo=${encodeURIComponent(`/discussions/${post.slug}`)}`}>
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
      </article>
      <aside className="space-y-4">
        <AuthorCard author={post.author} />
      </aside>
    </div>
  );
}
