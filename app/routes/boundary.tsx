import { lazy, Suspense } from "react";
import { Outlet, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/boundary";
import { pageMeta } from "#app/i18n/meta";
import type { AccessDenied } from "#app/modules/auth/viewer.server";

/** The document title of an error screen (or of the Premium gate), in the page's language. */
export const meta: Route.MetaFunction = (args) => {
  const { error } = args;
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const premium = status === 403 && (error as { data?: AccessDenied }).data?.kind === "premium";
  const key = premium ? "premium.title" : status === 404 ? "errors.notFound" : status === 403 ? "errors.unauthorized" : "errors.somethingWrong";
  return pageMeta(args, key, { noindex: true });
};

/** What an error renders shows only when something failed: a chunk of its own. */
const ErrorContent = lazy(() => import("#app/components/shell/error-content"));

export default function Boundary() {
  return <Outlet />;
}

/**
 * Errors of any page render here, inside the shell: the Premium gate for premium routes,
 * 'Unauthorized access' for the admin area, the not-found page, or the generic error screen.
 */
export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorContent />
    </Suspense>
  );
}
