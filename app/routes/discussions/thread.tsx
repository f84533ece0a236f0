import { Lock, Pin } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { toast } from "#app/components/ui/toast";
import type { Route } from "./+types/thread";
import { readForm } from "#app/lib/form";
import { notShared } from "#app/lib/http-cache";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { IsolatedText } from "#app/components/isolated-text";
import { RenderedMarkdown } from "#app/components/markdown";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { isolate } from "#app/lib/bidi";
import { relativeTime } from "#app/lib/relative-time";
import { getViewer, requireUser } from "#app/modules/auth/viewer.server";
import { AuthorCard } from "#app/modules/discussions/components/author-card";
import { CommentItem } from "#app/modules/discussions/components/comment-item";
import { ReactionBar, ReactionIconSprite } from "#app/modules/discussions/components/reaction-bar";
import { ReportForm } from "#app/modules/discussions/components/report-form";
import { reportContent, toggleReaction } from "#app/modules/discussions/engagement.server";
import { COMMENT_MAX } from "#app/modules/discussions/limits";
import { canModify } from "#app/modules/discussions/policy";
import { PostRefusedError, deletePost, recordView, rulesFor, setFeatured, viewerKeyFor } from "#app/modules/discussions/posts.server";
import { allowPosting } from "#app/modules/discussions/rate-limits.server";
import { acceptAnswer, createComment, deleteComment, getThread, updateComment } from "#app/modules/discussions/thread.server";
import { commentIdSchema, commentSchema, reactionSchema, reportSchema } from "#app/modules/discussions/validation";
import { excerpt } from "#app/modules/discussions/text";
import { publicThreadTitle } from "#app/modules/discussions/titles.server";
import { requireReader } from "#app/modules/reading/reading.server";

// A visit counts as a view (trending), so a shared cache must not answer for the server.
export const headers = notShared;

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { text: args.loaderData.thread.post.title }, { description: args.loaderData.description }) : [];

/** The trail names the discussion by its title. */
export const handle = breadcrumbHandle<Route.ComponentProps["loaderData"]>((data) => data?.thread.post.title ?? null);

export async function loader({ request, params }: Route.LoaderArgs) {
  // Members-only reading: a guest gets the title and the sign-up screen, never the thread.
  await requireReader(request, "discussion", () => publicThreadTitle(params.slug));
  const viewer = rulesFor(await getViewer(request));
  const thread = await getThread(params.slug, viewer);
  if (!thread) throw data(null, { status: 404 });
  if (thread.post.status === "published") await recordView(thread.post.id, viewerKeyFor(request, viewer?.id ?? null));
  return {
    thread,
    description: excerpt(thread.post.content, 160),
    viewerId: viewer?.id ?? null,
    isAdmin: viewer?.isAdmin ?? false,
    canModifyPost: canModify(thread.post.author.userId, viewer),
  };
}

type ActionResult = { ok: boolean; message?: string; error?: string; values?: Record<string, string> };

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewerFull = await requireUser({ request, url });
  const viewer = rulesFor(viewerFull)!;
  const thread = await getThread(params.slug, viewer);
  if (!thread) throw data(null, { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const fail = (error: string, status = 400, values?: Record<string, string>) => data<ActionResult>({ ok: false, error, values }, { status });
  try {
    switch (intent) {
      case "comment": {
        const parsed = commentSchema.safeParse({ content: form.get("content"), parentId: form.get("parentId") ?? "" });
        if (!parsed.success) return fail(parsed.error.issues[0].message, 400, { content: String(form.get("content") ?? "") });
        if (!(await allowPosting("comment", viewer.id))) return fail("discussions.errors.rateLimited", 429, { content: parsed.data.content });
        const { status } = await createComment(viewer, thread.post.id, { content: parsed.data.content, parentId: parsed.data.parentId || null });
        return data<ActionResult>({ ok: true, message: status === "pending" ? "discussions.commentPending" : "discussions.commentPosted" });
      }
      case "react": {
        const parsed = reactionSchema.safeParse({ kind: form.get("kind"), targetType: form.get("targetType"), targetId: form.get("targetId") });
        if (!parsed.success) return fail("errors.badRequest");
        if (!(await allowPosting("reaction", viewer.id))) return fail("discussions.errors.rateLimited", 429);
        await toggleReaction(viewer, { type: parsed.data.targetType, id: parsed.data.targetId }, parsed.data.kind);
        return data<ActionResult>({ ok: true });
      }
      case "accept": {
        const commentId = commentIdSchema.safeParse(form.get("commentId"));
        if (!commentId.success) return fail("discussions.refusals.notFound", 404);
        await acceptAnswer(viewer, thread.post.id, commentId.data);
        return data<ActionResult>({ ok: true });
      }
      case "edit-comment": {
        const commentId = commentIdSchema.safeParse(form.get("commentId"));
        if (!commentId.success) return fail("discussions.refusals.notFound", 404);
        const parsed = commentSchema.safeParse({ content: form.get("content"), parentId: "" });
        if (!parsed.success) return fail(parsed.error.issues[0].message);
        const { held } = await updateComment(viewer, commentId.data, parsed.data.content);
        return data<ActionResult>({ ok: true, message: held ? "discussions.editHeld" : undefined });
      }
      case "delete-comment": {
        const commentId = commentIdSchema.safeParse(form.get("commentId"));
        if (!commentId.success) return fail("discussions.refusals.notFound", 404);
        await deleteComment(viewer, commentId.data);
        return data<ActionResult>({ ok: true, message: "discussions.commentDeleted" });
      }
      case "delete-post":
        await deletePost(viewer, thread.post.id);
        throw redirect("/discussions");
      case "report": {
        const parsed = reportSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return fail(parsed.error.issues[0].message);
        if (!(await allowPosting("report", viewer.id))) return fail("discussions.errors.rateLimited", 429);
        await reportContent(viewer, { type: parsed.data.targetType, id: parsed.data.targetId }, parsed.data.reason);
        return data<ActionResult>({ ok: true });
      }
      case "feature":
        if (!viewer.isAdmin) return fail("errors.unauthorized", 403);
        await setFeatured(thread.post.id, !thread.post.isFeatured);
        return data<ActionResult>({ ok: true });
      default:
        return fail("errors.badRequest");
    }
  } catch (error) {
    if (error instanceof PostRefusedError) return fail(`discussions.refusals.${error.reason}`, error.reason === "notFound" ? 404 : 403);
    throw error;
  }
}

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { thread, viewerId, isAdmin, canModifyPost } = loaderData;
  const { post } = thread;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "comment" && !navigation.formData?.get("parentId");

  const commentForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok && actionData.message === "discussions.commentPosted") commentForm.current?.reset();
    if (actionData.ok && actionData.message === "discussions.commentPending") commentForm.current?.reset();
    if (actionData.ok && actionData.message) toast.success(t(actionData.message));
    if (!actionData.ok && actionData.error) toast.error(t(actionData.error));
  }, [actionData, t]);

  const can = {
    viewerId,
    isAdmin,
    canComment: thread.commentRefusal === null,
    canAccept: viewerId === post.author.userId,
    acceptedId: post.acceptedCommentId,
  };
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[1fr_18rem]">
      <ReactionIconSprite />
      <article className="min-w-0">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Link to={`/discussions?category=${encodeURIComponent(post.category.slug)}`} className="rounded bg-muted px-2 py-0.5 hover:underline">
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
          {post.status !== "published" ? <Badge variant="destructive">{t(`discussions.${post.status}`)}</Badge> : null}
        </div>
        <h1 className="mt-2 text-3xl leading-tight font-semibold" dir="auto">
          {post.title}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          <IsolatedText text={t("discussions.by", { name: isolate(post.author.displayName) })} /> · {relativeTime(post.createdAt, t, i18n.language)}
          {post.editedAt ? ` · ${t("discussions.edited")}` : ""} · {t("discussions.views", { count: post.viewCount })}
        </p>
        {post.status === "pending" ? (
          <p role="status" className="mt-3 rounded-md border border-border bg-muted p-3 text-sm">
            {t("discussions.postPending")}
          </p>
        ) : null}
        {post.heldEditAt ? (
          <p role="status" className="mt-3 rounded-md border border-border bg-muted p-3 text-sm" data-testid="edit-held">
            {t("discussions.editHeld")}
          </p>
        ) : null}
        <div className="mt-6">
          <RenderedMarkdown html={post.contentHtml} />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-2 border-b border-border pb-4">
          {post.status === "published" ? <ReactionBar targetType="post" targetId={post.id} counts={post.reactions} mine={post.mine} canReact={viewerId !== null} /> : null}
          <div className="ms-auto flex flex-wrap gap-1">
            {isAdmin ? (
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
                <Form method="post" onSubmit={(e) => (window.confirm(t("discussions.confirmDelete")) ? undefined : e.preventDefault())}>
                  <input type="hidden" name="intent" value="delete-post" />
                  <Button type="submit" size="sm" variant="ghost">
                    {t("discussions.delete")}
                  </Button>
                </Form>
              </>
            ) : null}
            {viewerId && viewerId !== post.author.userId && post.status === "published" ? <ReportForm targetType="post" targetId={post.id} /> : null}
          </div>
        </div>

        <section className="mt-6" aria-labelledby="comments-title">
          <h2 id="comments-title" className="text-xl font-semibold">
            {t("discussions.comments")} <span className="text-muted-foreground">({post.replyCount})</span>
          </h2>
          {thread.comments.length === 0 ? <p className="mt-3 text-sm text-muted-foreground">{t("discussions.noComments")}</p> : null}
          <ul className="mt-4 space-y-5">
            {thread.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} can={can} />
            ))}
          </ul>
          <div className="mt-8">
            {thread.commentRefusal === null ? (
              <Form method="post" className="space-y-2" ref={commentForm}>
                <input type="hidden" name="intent" value="comment" />
                <label htmlFor="new-comment" className="text-sm font-medium">
                  {t("discussions.writeComment")}
                </label>
                <Textarea id="new-comment" name="content" rows={4} maxLength={COMMENT_MAX} defaultValue={actionData && !actionData.ok ? actionData.values?.content : ""} required />
                <p className="text-xs text-muted-foreground">{t("discussions.markdownHint")}</p>
                <Button type="submit" disabled={busy}>
                  {t("discussions.comment")}
                </Button>
              </Form>
            ) : thread.commentRefusal === "signIn" ? (
              <Button asChild variant="outline" wrap>
                <Link to={`/auth?redirectTo=${encodeURIComponent(`/discussions/${post.slug}`)}`}>{t("discussions.signInToComment")}</Link>
              </Button>
            ) : (
              <p className="rounded-md border border-border bg-muted p-3 text-sm">{t(`discussions.refusals.${thread.commentRefusal}`)}</p>
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
