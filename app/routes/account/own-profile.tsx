import type { Route } from "./+types/own-profile";
import { pageMeta } from "#app/i18n/meta";
import { requireUser } from "#app/modules/auth/index.server";
import { ProfileView } from "#app/modules/profiles/components/profile-view";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["account"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

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
