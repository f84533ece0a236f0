import { data } from "react-router";
import type { Route } from "./+types/public-profile";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { getViewer } from "#app/modules/auth/index.server";
import { MessageButton } from "#app/modules/messages/components/message-button";
import { ProfileView } from "#app/modules/profiles/components/profile-view";
import { findPublicProfile } from "#app/modules/profiles/index.server";
import { requireReader } from "#app/modules/reading/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(
        args,
        { text: args.loaderData.profile.displayName },
        { description: args.loaderData.profile.bio.slice(0, 160) },
      )
    : [];

export const handle = {
  texts: ["account", "messages"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>(
    (data) => data?.profile.displayName ?? null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export async function loader({ params, request }: Route.LoaderArgs) {
  await requireReader(request, "profile");
  const [profile, viewer] = await Promise.all([
    findPublicProfile(params.identifier),
    getViewer(request),
  ]);
  if (!profile) throw data(null, { status: 404 });
  // "Message" only for a signed-in member looking at someone else.
  return { profile, canMessage: Boolean(viewer && viewer.user.id !== profile.userId) };
}

export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  const { profile, canMessage } = loaderData;
  return (
    <ProfileView
      profile={profile}
      actions={
        canMessage ? <MessageButton member={profile.slug} name={profile.displayName} /> : null
      }
    />
  );
}
