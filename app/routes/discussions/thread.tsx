import { Lock, Pin } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link, data } from "react-router";
import type { Route } from "./+types/thread";
import { notShared } from "#app/lib/http-cache";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { metaT, pageMeta } from "#app/i18n/meta";
import { Badge } from "#app/components/ui/badge";
import { getViewer, requireUser } from "#app/modules/auth/index.server";
import { ThreadView } from "#app/modules/discussions/components/thread-view";
import {
  PUBLIC_SCOPE,
  recordView,
  rulesFor,
  runThreadAction,
  viewerKeyFor,
  getThread,
  threadTarget,
  publicThreadTitle,
  relatedDiscussions,
} from "#app/modules/discussions/index.server";
import { RelatedDiscussions } from "#app/modules/discussions/components/related-discussions";
import {
  canAcceptAnswer,
  canFeature,
  canModify,
  canReport,
  excerpt,
  threadHref,
  threadPageHref,
} from "#app/modules/discussions";
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
  const published = thread.post.status === "published";
  const { slug } = thread.post;
  const [related] = await Promise.all([
    published ? relatedDiscussions(thread.post, viewer) : [],
    published && !pageRequest.after && !pageRequest.before
      ? recordView(thread.post.id, viewerKeyFor(request, viewer?.id ?? null))
      : null,
  ]);
  return {
    thread,
    related,
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
  const viewer = rulesFor(await requireUser({ request, url }))!;
  // One indexed read for the post's id: an action never loads or renders the thread.
  const thread = await threadTarget(params.slug, viewer);
  if (!thread) throw data(null, { status: 404 });
  return runThreadAction(request, viewer, thread, {
    scope: PUBLIC_SCOPE,
    path: threadHref(thread.slug),
    afterDelete: "/discussions",
  });
}

export default function ThreadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { thread } = loaderData;
  const { post } = thread;
  return (
    <ThreadView
      thread={thread}
      path={threadHref(post.slug)}
      flags={loaderData}
      actionData={actionData}
      editHref={`/discussions/${post.slug}/edit`}
      aside={<RelatedDiscussions items={loaderData.related} />}
      context={
        <>
          {post.category ? (
            <Link
              to={`/discussions?category=${encodeURIComponent(post.category.slug)}`}
              className="rounded bg-muted px-2 py-0.5 hover:underline"
            >
              <bdi>{post.category.title}</bdi>
            </Link>
          ) : null}
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
        </>
      }
    />
  );
}
