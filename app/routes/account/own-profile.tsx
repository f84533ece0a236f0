import type { Route } from "./+types/own-profile";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/viewer.server";
import { ProfileView } from "#app/modules/profiles/components/profile-view";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "profile.ownTitle", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const { language: _language, ...profile } = viewer.profile;
  return { profile };
}

export default function OwnProfile({ loaderData }: Route.ComponentProps) {
  return <ProfileView profile={loaderData.profile} own />;
}
