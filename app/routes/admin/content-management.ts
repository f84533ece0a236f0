import { redirect } from "react-router";
import type { Route } from "./+types/content-management";
import { requireAdmin } from "#app/modules/auth/index.server";

/** The header's Content Management link: the admin content screens. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  throw redirect("/admin/pages");
}
