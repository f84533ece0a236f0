import type { MiddlewareHandler } from "hono";
import { carriesAuthCookie } from "#app/modules/auth";

/** How long a shared cache may keep a guest's page: short, so edits and new posts show soon. */
export const GUEST_PAGE_MAX_AGE = 60;
export const PRIVATE = "private, no-store";

/** A rendered page or its data (`/path.data`, React Router's client navigations): the root loader reads the viewer. */
function isPage(path: string, response: Response): boolean {
  return (
    path.endsWith(".data") || (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

/** The Vary header with `names` added. */
function withVary(vary: string | null, names: string[]): string {
  const current = (vary ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (current.includes("*")) return "*";
  const lower = current.map((v) => v.toLowerCase());
  for (const name of names) if (!lower.includes(name.toLowerCase())) current.push(name);
  return current.join(", ");
}

/**
 * The Cache-Control of every response (docs/decisions/016-http-caching.md):
 * - what is the same for everyone and says so (`public`: built assets, uploads, the language
 *   files, robots.txt) keeps its own header, unless it sets a cookie;
 * - a guest's page or page data, answered 200 to a GET that set no cookie, may be kept by a
 *   shared cache for a minute, keyed by cookie and language (`Vary: Cookie, Accept-Language`),
 *   unless the route chose otherwise (its own `headers`, see app/lib/http-cache.ts);
 * - everything else (a member's pages, anything that sets a cookie, redirects, errors, JSON,
 *   the event stream) is `private, no-store` with `Vary: Cookie`.
 */
export const cacheControl: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  const declared = response.headers.get("cache-control") ?? "";
  const setsCookie = response.headers.has("set-cookie");
  const page = isPage(c.req.path, response);
  if (!page && !setsCookie && /\bpublic\b/.test(declared)) return;

  c.header(
    "Vary",
    withVary(response.headers.get("vary"), page ? ["Cookie", "Accept-Language"] : ["Cookie"]),
  );
  const guest = !carriesAuthCookie(c.req.header("cookie"));
  if (page && guest && !setsCookie && c.req.method === "GET" && response.status === 200) {
    if (!declared) c.header("Cache-Control", `public, max-age=${GUEST_PAGE_MAX_AGE}`);
    return;
  }
  // An event stream must also not be transformed (buffered, compressed) by a proxy.
  c.header(
    "Cache-Control",
    /\bno-transform\b/.test(declared) ? `${PRIVATE}, no-transform` : PRIVATE,
  );
};
