import type { Route } from "./+types/elentho-attunements";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { loadAttunementPath } from "#app/modules/library/index.server";
import { AttunementPath } from "#app/modules/library/components/attunement-path";

export const handle = { texts: ["library"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.attunements.elenthosTitle", {
    description: "library.attunements.elenthosIntro",
  });

/** SPEC §2 `/elentho-attunements` (premium): the attunement path of category key `elenthos`. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadAttunementPath(request, "/elentho-attunements");
}

export default function ElenthosAttunements({ loaderData }: Route.ComponentProps) {
  return (
    <AttunementPath
      data={loaderData}
      titleKey="library.attunements.elenthosTitle"
      introKey="library.attunements.elenthosIntro"
    />
  );
}
