import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorScreen } from "#app/components/shell/error-screens";
import { PremiumGate } from "#app/components/shell/premium-gate";
import type { AccessDenied } from "#app/modules/auth/viewer.server";
import type { Route } from "./+types/boundary";

/** The document title of an error screen, in the page's language. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const root = matches[0]?.loaderData as { messages?: { errors?: Record<string, string> } } | undefined;
  const texts = root?.messages?.errors ?? {};
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? texts.notFound : status === 403 ? texts.unauthorized : texts.somethingWrong;
  return [{ title: title ?? "Error" }, { name: "robots", content: "noindex" }];
};

export default function Boundary() {
  return <Outlet />;
}

/**
 * Errors of any page render here, inside the shell: the Premium gate for premium routes,
 * 'Unauthorized access' for the admin area, the not-found page, or the generic error screen.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const denied = error.data as AccessDenied | undefined;
    if (error.status === 403 && denied?.kind === "premium") return <PremiumGate fallback={denied.fallback} />;
    return <ErrorScreen status={error.status} />;
  }
  return <ErrorScreen status={500} message={error instanceof Error && import.meta.env.DEV ? error.message : undefined} />;
}
