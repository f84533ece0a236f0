import { data } from "react-router";
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
  pendingJoinRequests,
} from "#app/modules/covens/index.server";
import { covenActionSchema, covenTabSchema } from "#app/modules/covens/validation";
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
 * `/covens/:slug`: a coven's page, its tab chosen by `?tab=` (about, members, settings). Every
 * flag the page shows comes from the covens policy; a coven the viewer may not see (invite-only
 * or archived, to a stranger) is a plain 404.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  const actor = viewer.actor;
  const coven = await covenBySlug(actor, params.slug);
  if (!coven || !canSeeCoven(actor, coven.rules, coven.membership)) covenNotFound();
  const { rules, membership } = coven;
  const tab = covenTabSchema.parse(url.searchParams.get("tab") ?? undefined);
  const can = {
    lead: canLeadCoven(actor, rules, membership),
    changeRoles: canChangeCovenRole(actor, rules, membership),
    archive: canArchiveCoven(actor),
    leave: canLeaveCoven(membership),
    seeMembers: canReadCovenFeed(actor, rules, membership),
  };
  if ((tab === "settings" && !can.lead) || (tab === "members" && !can.seeMembers))
    throw data({ kind: "unauthorized" } satisfies AccessDenied, { status: 403 });
  const refusal = joinRefusal(actor, rules, membership);
  const [leaders, members, requests, invitations] = await Promise.all([
    tab === "about" ? covenLeaders(coven.id) : null,
    tab === "members"
      ? covenMembersPage(coven.id, pageNumber(url.searchParams.get("page")), {
          withBanned: can.lead,
        })
      : null,
    tab === "settings" ? pendingJoinRequests(coven.id) : null,
    tab === "settings" ? activeInvitations(coven.id) : null,
  ]);
  return {
    tab,
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
  const parsed = validateForm(form, covenActionSchema);
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
