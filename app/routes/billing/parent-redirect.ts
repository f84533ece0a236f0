import { redirect } from "react-router";
import type { Route } from "./+types/parent-redirect";

/**
 * /checkout/pay and /billing/receipts have no screen of their own (only their children do); the
 * breadcrumb links to them, so they lead one level up.
 */
export function loader({ url }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/+$/, "");
  throw redirect(path.slice(0, path.lastIndexOf("/")) || "/");
}
