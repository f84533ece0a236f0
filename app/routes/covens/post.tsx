import { ArrowLeft, Pin } from "lucide-react";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/post";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { Badge } from "#app/components/ui/badge";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { notShared } from "#app/lib/http-cache";
import { canLeadCoven, canPostInCoven } from "#app/modules/covens";
import {
  CovenRefusedError,
  covenNotFound,
  readableCoven,
  refusalAnswer,
  requireCovens,
} from "#app/modules/covens/index.server";
import { ThreadView } from "#app/modules/discussions/components/thread-view";
import {
  canAcceptAnswer,
  canModify,
  canRemove,
  canReport,
  covenThreadHref,
} from "#app/modules/discussions";
import {
  getThread,
  recordView,
  rulesFor,
  runThreadAction,
  threadTarget,
  viewerKeyFor,
} from "#app/modules/discussions/index.server";
import type { Member } from "#app/modules/auth";

// A visit counts as a view, so a shared cache must not answer for the server.
export const headers = notShared;

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, { text: args.loaderData.thread.post.title }, { noindex: true })
    : [];

/** The trail: Covens › the coven › its feed › the post. */
export const handle = {
  texts: ["covens", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded ? [loaded.coven.name, t("covens.page.tabFeed"), loaded.thread.post.title] : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

/**
 * The coven whose thread this is, by the coven policy (decision 037): a coven the viewer may not
 * see is a plain 404 (an invite-only coven stays secret); one they see but are outside of leads
 * to its page, where they may join or ask to.
 */
async function covenOfThread(actor: Member, slug: string) {
  try {
    return await readableCoven(actor, slug);
  } catch (error) {
    if (!(error instanceof CovenRefusedError)) throw error;
    if (error.reason === "notAMember") throw redirect(`/covens/${encodeURIComponent(slug)}`);
    covenNotFound();
  }
}

/**
 * `/covens/:slug/posts/:post`: a post of a coven's feed as a thread of the discussions engine,
 * scoped to the coven: comments, reactions, reports, paging and notifications as in
 * /discussions, for the coven's members and admins only.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  const coven = await covenOfThread(viewer.actor, params.slug);
  const rules = rulesFor(viewer);
  const pageRequest = {
    comment: url.searchParams.get("comment"),
    after: url.searchParams.get("after"),
    before: url.searchParams.get("before"),
  };
  // An archived coven is read-only: its threads are read, not written in.
  const writable = canPostInCoven(viewer.actor, coven.rules, coven.membership);
  // Its leaders moderate its feed: they remove any post or comment of it.
  const scope = {
    covenId: coven.id,
    moderates: writable && canLeadCoven(viewer.actor, coven.rules, coven.membership),
  };
  const thread = await getThread(params.post, rules, pageRequest, scope);
  if (!thread) throw data(null, { status: 404 });
  if (thread.post.status === "published" && !pageRequest.after && !pageRequest.before)
    await recordView(thread.post.id, viewerKeyFor(request, viewer.actor.id));
  const author = thread.post.author.userId;
  return {
    thread,
    coven: { slug: coven.slug, name: coven.name, archived: coven.archived },
    pinned: thread.post.pinnedAt !== null,
    writable,
    viewerId: viewer.actor.id,
    canFeature: false,
    canModifyPost: writable && canModify(author, rules),
    canRemovePost: writable && canRemove(author, rules, scope),
    canReportPost: canReport(rules, { authorId: author, status: thread.post.status }),
    canAcceptAnswer: writable && canAcceptAnswer(rules, { authorId: author }),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireCovens(request);
  const actor = viewer.actor;
  const rules = rulesFor(viewer)!;
  try {
    const coven = await readableCoven(actor, params.slug);
    if (!canPostInCoven(actor, coven.rules, coven.membership))
      throw new CovenRefusedError("archived");
    const scope = {
      covenId: coven.id,
      moderates: canLeadCoven(actor, coven.rules, coven.membership),
    };
    const thread = await threadTarget(params.post, rules, scope);
    if (!thread) throw data(null, { status: 404 });
    return await runThreadAction(request, rules, thread, {
      scope,
      path: covenThreadHref(coven.slug, thread.slug),
      afterDelete: `/covens/${encodeURIComponent(coven.slug)}`,
    });
  } catch (error) {
    if (error instanceof CovenRefusedError)
      // Outsiders learn nothing of the thread: both refusals of the feed are "not found".
      return refusalAnswer(
        error.reason === "notAMember" ? new CovenRefusedError("notFound") : error,
      );
    throw error;
  }
}

export default function CovenThread({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { thread, coven } = loaderData;
  const covenHref = `/covens/${encodeURIComponent(coven.slug)}`;
  return (
    <ThreadView
      thread={thread}
      path={covenThreadHref(coven.slug, thread.post.slug)}
      flags={loaderData}
      actionData={actionData}
      editHref={null}
      commentRefusal={loaderData.writable ? null : t("covens.feed.readOnly")}
      context={
        <>
          <Link
            to={covenHref}
            className="inline-flex items-center gap-1 rounded bg-muted px-2 py-0.5 hover:underline"
          >
            <ArrowLeft className="size-3.5 rtl:rotate-180" aria-hidden="true" />
            <bdi>{coven.name}</bdi>
          </Link>
          {loaderData.pinned ? (
            <Badge variant="secondary" className="gap-1">
              <Pin className="size-3" aria-hidden="true" />
              {t("covens.feed.pinned")}
            </Badge>
          ) : null}
        </>
      }
    />
  );
}
