import { data, redirect } from "react-router";
import type { Route } from "./+types/coven";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { pageNumber } from "#app/lib/page-number";
import type { AccessDenied } from "#app/modules/auth/index.server";
import {
  covenNotFound,
  refusalAnswer,
  requireCovens,
  uploadedBanner,
} from "#app/modules/covens/index.server";
import { CovenPage } from "./coven-view";
import {
  CovenRefusedError,
  createInvitation,
  decideJoinRequest,
  joinCoven,
  leaveCoven,
  removeCovenMember,
  revokeInvitation,
  setCovenArchived,
  setCovenRole,
  transferCovenOwnership,
  updateCoven,
} from "#app/modules/covens/index.server";
import {
  canArchiveCoven,
  canChangeCovenRole,
  canLeadCoven,
  canLeaveCoven,
  canPostInCoven,
  canReadCovenFeed,
  canRemoveCovenMember,
  canSeeCoven,
  isCovenOwner,
  joinNeedsApproval,
  joinRefusal,
  nextCovenRole,
} from "#app/modules/covens";
import {
  activeInvitations,
  covenBySlug,
  covenLeaders,
  covenMembersPage,
  covenUpcomingEvents,
  createCovenPost,
  feedPage,
  pendingJoinRequests,
  setCovenPostPinned,
} from "#app/modules/covens/index.server";
import { canHostEvent, viewerZone } from "#app/modules/coven-events";
import { covenThreadHref } from "#app/modules/discussions";
import { allowPosting } from "#app/modules/discussions/index.server";
import { covenTabSchema } from "#app/modules/covens/validation";
import { covenPageActionSchema } from "#app/modules/covens/feed-validation";
import { publicUrl } from "#app/lib/config.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { text: args.loaderData.coven.name }, { noindex: true }) : [];

export const handle = {
  texts: ["covens", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.coven.name ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

/**
 * `/covens/:slug`: a coven's page, its tab chosen by `?tab=` (feed, events, about, members,
 * settings; the feed by default for those who read it, about for everyone else). Every flag the
 * page shows comes from the covens (and events) policy; a coven the viewer may not see
 * (invite-only or archived, to a stranger) is a plain 404.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  const actor = viewer.actor;
  const coven = await covenBySlug(actor, params.slug);
  if (!coven || !canSeeCoven(actor, coven.rules, coven.membership)) covenNotFound();
  const { rules, membership } = coven;
  const can = {
    lead: canLeadCoven(actor, rules, membership),
    changeRoles: canChangeCovenRole(actor, rules, membership),
    archive: canArchiveCoven(actor),
    leave: canLeaveCoven(membership),
    seeMembers: canReadCovenFeed(actor, rules, membership),
    readFeed: canReadCovenFeed(actor, rules, membership),
    post: canPostInCoven(actor, rules, membership),
    pin: canLeadCoven(actor, rules, membership),
    createEvent: canHostEvent(actor, rules, membership),
  };
  const tab =
    covenTabSchema.parse(url.searchParams.get("tab")) ?? (can.readFeed ? "feed" : "about");
  if ((tab === "settings" && !can.lead) || ((tab === "members" || tab === "feed") && !can.readFeed))
    throw data({ kind: "unauthorized" } satisfies AccessDenied, { status: 403 });
  const refusal = joinRefusal(actor, rules, membership);
  const page = pageNumber(url.searchParams.get("page"));
  const [feed, events, leaders, members, requests, invitations] = await Promise.all([
    tab === "feed" ? feedPage(coven.id, actor, page) : null,
    tab === "events" ? covenUpcomingEvents(actor, coven.id) : null,
    tab === "about" ? covenLeaders(coven.id) : null,
    tab === "members"
      ? covenMembersPage(coven.id, page, {
          withBanned: can.lead,
        })
      : null,
    tab === "settings" ? pendingJoinRequests(coven.id) : null,
    tab === "settings" ? activeInvitations(coven.id) : null,
  ]);
  return {
    tab,
    feed: feed && {
      ...feed,
      items: feed.items.map((item) => ({
        ...item,
        href: covenThreadHref(coven.slug, item.slug),
        pinned: item.pinnedAt !== null,
      })),
    },
    events,
    timeZone: viewerZone(request.headers.get("cookie")),
    coven: {
      slug: coven.slug,
      name: coven.name,
      description: coven.description,
      descriptionHtml: coven.descriptionHtml,
      bannerUrl: coven.bannerUrl,
      tags: coven.tags,
      language: coven.language,
      visibility: coven.visibility,
      memberCount: coven.memberCount,
      memberLimit: coven.memberLimit,
      archived: coven.archived,
      createdAt: coven.createdAt,
    },
    viewer: {
      role: membership && !membership.banned ? membership.role : null,
      requested: coven.requested,
      // Why joining is not offered, or null when it is (for a request coven: asking).
      joinRefusal: coven.requested ? null : refusal,
      needsApproval: joinNeedsApproval(rules),
    },
    can,
    leaders,
    members: members && {
      ...members,
      members: members.members.map((m) => {
        const target = { userId: m.userId, role: m.role };
        const active = !m.banned;
        return {
          ...m,
          isViewer: m.userId === actor.id,
          canRemove: canRemoveCovenMember(actor, rules, membership, target),
          canChangeRole: active && can.changeRoles && !isCovenOwner(m),
          canTransfer: active && can.changeRoles && !isCovenOwner(m),
          nextRole: nextCovenRole(m.role),
        };
      }),
    },
    requests,
    invitations,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireCovens(request);
  const actor = viewer.actor;
  const slug = params.slug;
  const form = await readForm(request);
  const parsed = validateForm(form, covenPageActionSchema);
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  const input = parsed.data;
  try {
    // Every intent answers a coven the actor may not see as missing (404), before anything else.
    await assertVisible(actor, slug);
    switch (input.intent) {
      case "join": {
        const outcome = await joinCoven(actor, slug, input.message);
        return actionOk({
          toast: { key: outcome === "joined" ? "covens.toasts.joined" : "covens.toasts.requested" },
        });
      }
      case "leave":
        await leaveCoven(actor, slug);
        return actionOk({ toast: { key: "covens.toasts.left" } });
      case "remove":
        await removeCovenMember(actor, slug, input.userId, { ban: false });
        return actionOk({ toast: { key: "covens.toasts.removed" } });
      case "ban":
        await removeCovenMember(actor, slug, input.userId, { ban: true });
        return actionOk({ toast: { key: "covens.toasts.banned" } });
      case "role":
        await setCovenRole(actor, slug, input.userId, input.role);
        return actionOk({ toast: { key: "covens.toasts.roleChanged" } });
      case "transfer":
        await transferCovenOwnership(actor, slug, input.userId);
        return actionOk({ toast: { key: "covens.toasts.transferred" } });
      case "decide":
        await decideJoinRequest(actor, input.requestId, input.decision);
        return actionOk({
          toast: {
            key: input.decision === "approve" ? "covens.toasts.approved" : "covens.toasts.declined",
          },
        });
      case "invite": {
        const invitation = await createInvitation(actor, slug, input.days);
        // The link is shown this once: only its hash is kept.
        return actionOk({
          toast: { key: "covens.toasts.invitationCreated" },
          data: {
            invitationLink: `${publicUrl()}/covens/invite/${invitation.token}`,
            expiresAt: invitation.expiresAt.toISOString(),
          },
        });
      }
      case "revoke":
        await revokeInvitation(actor, input.invitationId);
        return actionOk({ toast: { key: "covens.toasts.revoked" } });
      case "update": {
        const banner = await uploadedBanner(form);
        if ("error" in banner)
          return actionError({ fieldErrors: { banner: banner.error }, values });
        const { intent: _intent, ...fields } = input;
        await updateCoven(actor, slug, {
          ...fields,
          bannerUrl: banner.url,
          removeBanner: form.get("removeBanner") === "on",
        });
        return actionOk({ toast: { key: "covens.toasts.updated" } });
      }
      case "post": {
        if (!(await allowPosting("post", actor.id)))
          return actionError({ formError: "discussions.errors.rateLimited", values }, 429);
        const post = await createCovenPost(actor, slug, {
          title: input.title,
          content: input.content,
        });
        throw redirect(covenThreadHref(slug, post.slug));
      }
      case "pin": {
        const pinned = input.pinned === "true";
        await setCovenPostPinned(actor, slug, input.postId, pinned);
        return actionOk({
          toast: { key: pinned ? "covens.toasts.pinned" : "covens.toasts.unpinned" },
        });
      }
      case "archive": {
        const archived = input.archived === "true";
        await setCovenArchived(actor, slug, archived);
        return actionOk({
          toast: { key: archived ? "covens.toasts.archived" : "covens.toasts.restored" },
        });
      }
    }
  } catch (error) {
    if (error instanceof CovenRefusedError) return refusalAnswer(error, values);
    throw error;
  }
}

/** A coven the actor may not see (invite-only or archived, to a stranger) is "not found". */
async function assertVisible(actor: Parameters<typeof covenBySlug>[0], slug: string) {
  const coven = await covenBySlug(actor, slug);
  if (!coven || !canSeeCoven(actor, coven.rules, coven.membership))
    throw new CovenRefusedError("notFound");
}

export default function Coven({ loaderData, actionData }: Route.ComponentProps) {
  return <CovenPage loaderData={loaderData} actionData={actionData} />;
}
