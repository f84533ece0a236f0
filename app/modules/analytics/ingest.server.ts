import { createHmac } from "node:crypto";
import { isbot } from "isbot";
import { detectLocale } from "#app/i18n/detect";
import { config, publicUrl } from "#app/lib/config.server";
import { loggedPath } from "#app/lib/logger.server";
import { authSecret, clientIp } from "#app/modules/auth/index.server";
import { buffer, track } from "./buffer.server";
import { deviceClass } from "./device";
import { PATH_MAX, type BeaconInput } from "./validation";

/** A tab beats every 30 s; a visitor's row is written at most once in that time. */
export const PRESENCE_WRITE_MS = 30_000;
/** "Online now": seen in the last 2 minutes. */
export const ONLINE_WINDOW_MS = 120_000;
/** A client navigation to the path a document request just served is the same view. */
const SAME_VIEW_MS = 10_000;
/** Entries kept by the in-memory maps below before they are pruned. */
const MAP_LIMIT = 20_000;

const dayKeys = new Map<string, Buffer>();

/** The day's salt: an HMAC of the UTC date under the server secret. Tomorrow's hashes differ. */
function dayKey(day: string): Buffer {
  let key = dayKeys.get(day);
  if (!key) {
    key = createHmac("sha256", authSecret()).update(`analytics-day:${day}`).digest();
    dayKeys.clear();
    dayKeys.set(day, key);
  }
  return key;
}

/**
 * Who a visitor is today, without storing who: HMAC(day salt, address + user agent). The same
 * person counts once a day; the hash cannot be turned back into the address, nor linked to the
 * same person's hash of another day.
 */
export function visitorHash(ip: string, userAgent: string, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return createHmac("sha256", dayKey(day))
    .update(`${ip}\n${userAgent}`)
    .digest("base64url")
    .slice(0, 32);
}

let siteHost: string | null = null;

/** The host of a referrer from another site; null for none, a malformed one or the site itself. */
export function referrerHostOf(referrer: string | null, ownHost: string | null): string | null {
  if (!referrer) return null;
  siteHost ??= new URL(publicUrl()).hostname.toLowerCase();
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    if (!host || host === siteHost || host === ownHost?.split(":")[0]?.toLowerCase()) return null;
    return host.slice(0, 253);
  } catch {
    return null;
  }
}

/** A GET answered with an HTML page (not an asset, an API answer or a client navigation's data). */
export function isDocumentResponse(request: Request, response: Response): boolean {
  return (
    request.method === "GET" &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    (request.headers.get("sec-fetch-dest") ?? "document") === "document"
  );
}

const lastDocument = new Map<string, number>();
const lastPresence = new Map<string, number>();

function prune(map: Map<string, number>, olderThan: number): void {
  if (map.size < MAP_LIMIT) return;
  for (const [key, at] of map) if (at < olderThan) map.delete(key);
  if (map.size >= MAP_LIMIT) map.clear();
}

const HIDDEN_HEADERS = new Set(["cookie", "authorization", "x-client-ip", "proxy-authorization"]);

function crawlerHeaders(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [name, value] of request.headers) {
    if (HIDDEN_HEADERS.has(name) || name.startsWith("x-sanctuary")) continue;
    if (++n > 30) break;
    out[name] = value.slice(0, 300);
  }
  return out;
}

interface Seen {
  path: string;
  userId: string | null;
  now: Date;
}

function touchPresence(
  request: Request,
  session: string,
  seen: Seen,
  referrer: string | null,
): void {
  const t = seen.now.getTime();
  const last = lastPresence.get(session);
  if (last !== undefined && t - last < PRESENCE_WRITE_MS) return;
  prune(lastPresence, t - PRESENCE_WRITE_MS);
  lastPresence.set(session, t);
  buffer({
    presence: {
      sessionId: session,
      userId: seen.userId,
      lastSeen: seen.now,
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
      referrer,
      path: seen.path,
    },
  });
}

/**
 * Records a served page: a crawler visit for a bot (never a visitor), else a page view, the
 * visitor's presence and, for a member, an activity record. Called after the response is made;
 * it only fills the buffer. `userId` is asked only for people (it may read the session).
 */
export function recordDocument(
  request: Request,
  response: Response,
  path: string,
  userId: () => Promise<string | null>,
  now: Date = new Date(),
): Promise<void> {
  if (!config().ANALYTICS) return Promise.resolve();
  const recorded = recordServed(request, response, path, userId, now);
  track(recorded);
  return recorded;
}

async function recordServed(
  request: Request,
  response: Response,
  path: string,
  userId: () => Promise<string | null>,
  now: Date,
): Promise<void> {
  const userAgent = request.headers.get("user-agent") ?? "";
  const stored = loggedPath(path).slice(0, PATH_MAX);
  if (!userAgent || isbot(userAgent)) {
    buffer({
      crawler: {
        at: now,
        userAgent: userAgent.slice(0, 500),
        requestPath: stored,
        requestMethod: request.method,
        responseStatus: response.status,
        referrer: request.headers.get("referer")?.slice(0, 500) ?? null,
        requestHeaders: crawlerHeaders(request),
      },
    });
    return;
  }
  if (response.status >= 400 && response.status !== 403) return;
  const session = visitorHash(clientIp(request), userAgent, now);
  const member = await userId();
  const referrerHost = referrerHostOf(request.headers.get("referer"), request.headers.get("host"));
  const language = detectLocale(request);
  const t = now.getTime();
  prune(lastDocument, t - SAME_VIEW_MS);
  lastDocument.set(`${session} ${stored}`, t);
  buffer({
    view: {
      at: now,
      path: stored,
      referrerHost,
      language,
      device: deviceClass(userAgent),
      visitorHash: session,
      userId: member,
      source: "document",
    },
    activity: member
      ? {
          userId: member,
          type: "page_view",
          data: { path: stored, referrerHost },
          language,
          at: now,
        }
      : undefined,
  });
  touchPresence(request, session, { path: stored, userId: member, now }, referrerHost);
}

/**
 * A beacon of an open page: `view` is a client navigation (ignored when it repeats the document
 * request that just served the path, or comes from a bot), `beat` marks the visitor present.
 * Returns whether anything was recorded.
 */
export function recordBeacon(
  request: Request,
  input: BeaconInput,
  userId: string | null,
  now: Date = new Date(),
): boolean {
  if (!config().ANALYTICS) return false;
  const userAgent = request.headers.get("user-agent") ?? "";
  if (!userAgent || isbot(userAgent)) return false;
  const session = visitorHash(clientIp(request), userAgent, now);
  const path = loggedPath(input.path).slice(0, PATH_MAX);
  if (input.kind === "beat") {
    touchPresence(request, session, { path, userId, now }, null);
    return true;
  }
  const t = now.getTime();
  const key = `${session} ${path}`;
  const last = lastDocument.get(key);
  if (last !== undefined && t - last < SAME_VIEW_MS) {
    lastDocument.delete(key);
    return false;
  }
  const language = detectLocale(request);
  buffer({
    view: {
      at: now,
      path,
      referrerHost: null,
      language,
      device: deviceClass(userAgent),
      visitorHash: session,
      userId,
      source: "navigation",
    },
    activity: userId
      ? { userId, type: "page_view", data: { path, referrerHost: null }, language, at: now }
      : undefined,
  });
  touchPresence(request, session, { path, userId, now }, null);
  return true;
}

/** Forgets the in-memory maps (tests). */
export function forgetRecentViews(): void {
  lastDocument.clear();
  lastPresence.clear();
}
