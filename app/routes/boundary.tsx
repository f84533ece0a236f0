import { lazy, Suspense } from "react";
import { Outlet, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/boundary";
import { pageMeta } from "#app/i18n/meta";
import type { AccessDenied } from "#app/modules/auth/index.server";
import { registeredI18n } from "#app/i18n/registry";

/** The document title of an error screen (or of the Premium gate), in the page's language. */
export const meta: Route.MetaFunction = (args) => {
  const { error } = args;
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const denied = isRouteErrorResponse(error) ? (error.data as AccessDenied | undefined) : undefined;
  // Members-only reading: a discussion keeps its title in the tab, as on the screen.
  if (status === 401 && denied?.kind === "membersOnly") {
    const locale = (args.matches[0]?.loaderData as { locale?: string } | undefined)?.locale ?? "en";
    return [
      { title: denied.title ?? registeredI18n(locale)?.t("membersOnly.eyebrow") ?? "Members only" },
      { name: "robots", content: "noindex" },
    ];
  }
  const premium = status === 403 && denied?.kind === "premium";
  const key = premium
    ? "premium.title"
    : status === 404
      ? "errors.notFound"
      : status === 403
        ? "errors.unauthorized"
        : "errors.somethingWrong";
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
