import type { HeadersFunction } from "react-router";

/**
 * The `headers` export of a route whose page a shared cache must never keep, even for a guest
 * (server/cache-control.ts lets guests' pages be cached for a minute otherwise): its loader
 * records the visit (a thread's view count, a logged search), or its address carries a secret
 * (a password-reset token).
 */
export const notShared: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
