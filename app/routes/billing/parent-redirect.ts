import { redirect } from "react-router";
import type { Route } from "./+types/parent-redirect";
import { safeRedirect } from "#app/lib/safe-redirect";

/**
 * /checkout/pay, /billing/receipts, /covens/invite and /covens/:slug/posts have no screen of their
 * own (only their children do); the breadcrumb links to them, so they lead one level up.
 */
export function loader({ url }: Route.LoaderArgs) {
  const path = url.pathname.replace(/\/+$/, "");
  // The path is the request's own: `//host/checkout/pay` must not lead to `//host`.
  throw redirect(safeRedirect(path.slice(0, path.lastIndexOf("/")), "/"));
}
