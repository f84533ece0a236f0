/**
 * Where a redirect may lead when the address comes from the request (a `redirectTo` field or
 * query parameter, a notification's link, the current path): a path on this site, never another
 * origin. Every redirect to request data goes through `safeRedirect`.
 *
 * Browsers are lenient: they drop tabs and newlines inside URLs (`/\t/evil.test` is
 * `//evil.test`, another host), read `\` as `/`, and treat `//host` as "same scheme, other host".
 * So a target is refused when, raw or percent-decoded, it
 * - does not start with exactly one `/` (no `//`, `/\`, `\/`, `http:`, `javascript:`),
 * - contains a control character, whitespace or an invisible format character anywhere,
 * - is not valid percent-encoding, or is longer than 2,000 characters,
 * and it is then parsed as a URL against a placeholder origin and kept only if it stays on it.
 * What is returned is the URL parser's own serialization (non-ASCII characters percent-encoded,
 * `.`/`..` segments resolved), checked again, so a Location header can always carry it.
 */
const MAX_LENGTH = 2_000;
const PLACEHOLDER_ORIGIN = "http://redirect.invalid";
/** Control (Cc), format (Cf, e.g. bidi overrides), surrogate, private and unassigned characters, and whitespace. */
const FORBIDDEN = /[\s\p{C}]/u;

function startsLikeAPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

/** The value with percent-encoding undone until nothing changes (`%252F` is `/` for some proxies); null if malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** The same-site path `target` names, or null when it could lead anywhere else. */
export function sameSitePath(target: unknown): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return null;
  const decoded = fullyDecoded(target);
  if (decoded === null) return null;
  for (const form of [target, decoded]) {
    if (!startsLikeAPath(form) || FORBIDDEN.test(form) || form.includes("\\")) return null;
  }
  let url: URL;
  try {
    url = new URL(target, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Resolving `/..//evil.test` gives `//evil.test`: the result must still be a plain path.
  return startsLikeAPath(path) ? path : null;
}

/** `target` when it is a same-site path (see above), otherwise `fallback`. */
export function safeRedirect(target: unknown, fallback: string): string {
  return sameSitePath(target) ?? fallback;
}
