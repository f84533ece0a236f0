import { redirect } from "react-router";
import type { Route } from "./+types/content-management";
import { requireAdmin } from "#app/modules/auth/viewer.server";

/** The header's Content Management link: the admin content screens. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw redirect("/admin/pages");
}
