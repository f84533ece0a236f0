import type { MiddlewareHandler } from "hono";
import {
  AUTH_LIMITS,
  RateLimitedError,
  clientIp,
  enforceRateLimits,
  type RateRule,
} from "#app/modules/auth/rate-limit.server";
import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";

const LIMITED_ENDPOINTS: Record<string, { ip: RateRule; account?: RateRule; name: string }> = {
  "/api/auth/sign-in/email": { ip: AUTH_LIMITS.signInPerIp, account: AUTH_LIMITS.signInPerAccount, name: "sign-in" },
  "/api/auth/sign-up/email": { ip: AUTH_LIMITS.signUpPerIp, name: "sign-up" },
  "/api/auth/request-password-reset": { ip: AUTH_LIMITS.resetPerIp, account: AUTH_LIMITS.resetPerAccount, name: "reset" },
  "/api/auth/reset-password": { ip: AUTH_LIMITS.resetPerIp, name: "reset" },
};

/** The same limits the forms apply, for clients calling better-auth's JSON endpoints directly. */
export const authEndpointLimits: MiddlewareHandler = async (c, next) => {
  const endpoint = LIMITED_ENDPOINTS[c.req.path];
  if (c.req.method !== "POST" || !endpoint) return next();
  const checks: Array<[string, RateRule]> = [[`${endpoint.name}:ip:${clientIp(c.req.raw)}`, endpoint.ip]];
  if (endpoint.account) {
    const body = (await c.req.raw.clone().json().catch(() => ({}))) as { email?: unknown };
    if (typeof body.email === "string") {
      checks.push([`${endpoint.name}:account:${body.email.trim().toLowerCase()}`, endpoint.account]);
    }
  }
  try {
    await enforceRateLimits(checks);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const t = serverT(detectLocale(c.req.raw));
    return c.json({ code: "RATE_LIMITED", message: t("auth.errors.rateLimited") }, 429);
  }
  return next();
};
