import { isRouteErrorResponse, useRouteError } from "react-router";
import type { AccessDenied } from "#app/modules/auth/index.server";
import { MembersOnlyScreen } from "#app/modules/reading/components/members-only-screen";
import { ErrorScreen } from "./error-screens";
import { PremiumGate } from "./premium-gate";

/**
 * The error of a page, inside the shell (routes/boundary.tsx): the Premium gate for premium
 * routes, the sign-up screen of members-only reading, 'Unauthorized access' for the admin area,
 * the not-found page, or the generic error screen.
 */
export default function ErrorContent() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const denied = error.data as AccessDenied | undefined;
    if (error.status === 403 && denied?.kind === "premium")
      return <PremiumGate fallback={denied.fallback} />;
    if (error.status === 401 && denied?.kind === "membersOnly")
      return <MembersOnlyScreen screen={denied.screen} title={denied.title} />;
    return <ErrorScreen status={error.status} />;
  }
  return (
    <ErrorScreen
      status={500}
      message={error instanceof Error && import.meta.env.DEV ? error.message : undefined}
    />
  );
}
