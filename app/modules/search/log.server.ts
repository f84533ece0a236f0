import { createHmac } from "node:crypto";
import {
  authSecret,
  clientIp,
  consumeRateLimit,
  type RateRule,
} from "#app/modules/auth/index.server";
import { db } from "#app/db/client.server";
import { recordActivity } from "#app/modules/analytics/index.server";
import { config } from "#app/lib/config.server";
import { SEARCH_KINDS } from "./kinds/index.server";
import { searchLog } from "./schema";
import type { ClickInput } from "./validation";

/**
 * Per client address (hashed, see `hashIp`). The dropdown asks at most every 200 ms while someone
 * types, so a person stays far below the default 120 searches a minute (SEARCH_RATE_LIMIT); a
 * script hammering the full-text index does not.
 */
export const SEARCH_LIMITS = {
  searchPerIp: () => ({ limit: config().SEARCH_RATE_LIMIT, windowSeconds: 60 }),
  clickPerIp: () => ({ limit: 60, windowSeconds: 60 }),
} satisfies Record<string, () => RateRule>;

/**
 * The client address as stored: HMAC-SHA-256 keyed with the server secret. Equal addresses give
 * equal hashes (so abuse can be grouped), but without the secret the hash cannot be reversed by
 * hashing all 2^32 IPv4 addresses, as a bare SHA-256 could.
 */
export function hashIp(ip: string): string {
  return createHmac("sha256", authSecret()).update(`search-log:${ip}`).digest("hex");
}

/** Counts one search (or click) of this client; false when the client is over its limit. */
export function allowSearch(
  request: Request,
  what: "search" | "click" = "search",
): Promise<boolean> {
  const rule = what === "search" ? SEARCH_LIMITS.searchPerIp() : SEARCH_LIMITS.clickPerIp();
  return consumeRateLimit(`search-${what}:ip:${hashIp(clientIp(request))}`, rule);
}

/** The "query -> title (type)" text of a click (SPEC §7 log_search_term). */
export function clickText(query: string, title: string, type: string): string {
  return `${query} -> ${title} (${type})`;
}

/**
 * SPEC §7 log_search_term: the term (or click text), the member when signed in, the hashed
 * client address and the user agent. The raw address is never stored.
 */
export async function logSearchTerm(
  request: Request,
  entry: {
    term: string;
    kind: "search" | "click";
    userId: string | null;
    /** Results the search found (searches only; admins see the terms that found none). */
    resultCount?: number | null;
  },
): Promise<void> {
  await db()
    .insert(searchLog)
    .values({
      term: entry.term.slice(0, 500),
      kind: entry.kind,
      userId: entry.userId,
      resultCount: entry.resultCount ?? null,
      ipHash: hashIp(clientIp(request)),
      userAgent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
    });
  // A member's search is also an activity record (analytics; their settings list it).
  if (entry.userId && entry.kind === "search")
    recordActivity(entry.userId, "search", { term: entry.term.slice(0, 200) });
}

/** Kinds a click may name: the registry's, plus "partner" for a partner search site. */
export function isClickKind(kind: string): boolean {
  return kind === "partner" || SEARCH_KINDS.some((k) => k.name === kind);
}

/** Logs a chosen result as 'query -> title (type)'; false (nothing stored) for an unknown kind. */
export async function logResultClick(
  request: Request,
  click: ClickInput,
  userId: string | null,
): Promise<boolean> {
  if (!isClickKind(click.kind)) return false;
  await logSearchTerm(request, {
    term: clickText(click.q, click.title, click.kind),
    kind: "click",
    userId,
  });
  return true;
}
