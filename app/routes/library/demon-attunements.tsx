import type { Route } from "./+types/demon-attunements";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { loadAttunementPath } from "#app/modules/library/index.server";
import { AttunementPath } from "#app/modules/library/components/attunement-path";

export const handle = { texts: ["library"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.attunements.demonTitle", {
    description: "library.attunements.demonIntro",
  });

/** SPEC §2 `/demon-attunements` (premium): the attunement path of category key `demon`. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadAttunementPath(request, "/demon-attunements");
}

export default function DemonAttunements({ loaderData }: Route.ComponentProps) {
  return (
    <AttunementPath
      data={loaderData}
      titleKey="library.attunements.demonTitle"
      introKey="library.attunements.demonIntro"
    />
  );
}
