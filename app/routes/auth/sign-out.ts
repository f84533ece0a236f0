import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "#app/modules/auth/index.server";

/** Sign out is a POST (a link could be followed by a prefetch or a crawler). */
export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  throw redirect("/", { headers });
}

export async function loader() {
  throw redirect("/");
}
