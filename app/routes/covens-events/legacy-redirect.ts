import { redirect } from "react-router";
import type { Route } from "./+types/legacy-redirect";

/** /coven-events, the old address of the events list, answers with a permanent redirect. */
export function loader({ url }: Route.LoaderArgs) {
  throw redirect(`/covens/events${url.search}`, 301);
}
