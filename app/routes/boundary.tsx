import { lazy, Suspense } from "react";
import { Outlet, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/boundary";
import type { AccessDenied } from "#app/modules/auth/viewer.server";
import { registeredI18n } from "#app/i18n/registry";

/** The document title of an error screen, in the page's language. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const root = matches[0]?.loaderData as { messages?: { errors?: Record<string, string> } } | undefined;
  const texts = root?.messages?.errors ?? {};
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const denied = isRouteErrorResponse(error) ? (error.data as AccessDenied | undefined) : undefined;
  // Members-only reading: a discussion keeps its title in the tab, as on the screen.
  if (status === 401 && denied?.kind === "membersOnly") {
    const locale = (matches[0]?.loaderData as { locale?: string } | undefined)?.locale ?? "en";
    return [{ title: denied.title ?? registeredI18n(locale)?.t("membersOnly.eyebrow") ?? "Members only" }, { name: "robots", content: "noindex" }];
  }
  const title = status === 404 ? texts.notFound : status === 403 ? texts.unauthorized : texts.somethingWrong;
  return [{ title: title ?? "Error" }, { name: "robots", content: "noindex" }];
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
