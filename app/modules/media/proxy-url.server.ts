import { createHmac, timingSafeEqual } from "node:crypto";
import { classifyImageSource, imageProxyPath } from "#app/lib/image-src";
import { authSecret } from "#app/modules/auth/index.server";
import { publicUrl } from "#app/lib/config.server";

let signingKey: Buffer | undefined;

/** A key of its own, derived from the server secret, so a proxy signature is good for nothing else. */
function key(): Buffer {
  signingKey ??= createHmac("sha256", authSecret()).update("sanctuary/media-proxy/v1").digest();
  return signingKey;
}

/** The proxy's signature of a remote image address (HMAC-SHA-256, base64url). */
export function signImageUrl(url: string): string {
  return createHmac("sha256", key()).update(url).digest("base64url");
}

/** Whether `signature` was made by this server for exactly this address (constant-time). */
export function verifyImageSignature(url: string, signature: string): boolean {
  const expected = Buffer.from(signImageUrl(url));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * An image address as pages may use it: our own paths as they are (an absolute address of this
 * site becomes its path), https images elsewhere through the signed proxy, anything else null.
 */
export function proxiedImageSrc(src: string): string | null {
  const source = classifyImageSource(src, new URL(publicUrl()).origin);
  if (source.kind === "local") return source.path;
  if (source.kind === "remote") return imageProxyPath(source.url, signImageUrl(source.url));
  return null;
}

const SITE_IMAGES = ["logo_url", "favicon_url", "banner_url"] as const;

/**
 * The public settings with the site images an admin gave as addresses on another host served
 * through the proxy too: the Content-Security-Policy allows images from this site only.
 */
export function withProxiedSiteImages<T extends Record<string, string | undefined>>(
  settings: T,
): T {
  const shown: Record<string, string | undefined> = { ...settings };
  for (const field of SITE_IMAGES) {
    const value = shown[field];
    if (value) shown[field] = proxiedImageSrc(value) ?? "";
  }
  return shown as T;
}
