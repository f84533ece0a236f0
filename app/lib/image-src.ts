/**
 * Where an image address in member content may point. Pages never load images from third-party
 * hosts (that would hand every reader's IP address and browser to whoever runs the host): our
 * own paths stay as they are, https addresses elsewhere go through the same-origin image proxy
 * (`/media/proxy`), anything else is dropped. Shared by the server renderer (which signs proxy
 * addresses, see `proxiedImageSrc`) and the editors' preview in the browser.
 */

export const IMAGE_PROXY_PATH = "/media/proxy";

export type ImageSource =
  { kind: "local"; path: string } | { kind: "remote"; url: string } | { kind: "refused" };

/** A path on this site: one leading slash, never `//` or `/\` (both mean another host to a browser). */
function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !value.includes("\\");
}

export function classifyImageSource(src: string, ownOrigin: string | null): ImageSource {
  // Control characters and whitespace have no place in an address micromark produced.
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (!src || /[\u0000-\u0020\u007f]/.test(src)) return { kind: "refused" };
  if (isLocalPath(src)) return { kind: "local", path: src };
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { kind: "refused" };
  }
  if (ownOrigin && url.origin === ownOrigin) {
    const path = url.pathname + url.search + url.hash;
    return isLocalPath(path) ? { kind: "local", path } : { kind: "refused" };
  }
  if (url.protocol !== "https:" || url.username || url.password) return { kind: "refused" };
  return { kind: "remote", url: url.href };
}

/** The proxy address of a remote image; `signature` is required for anyone not signed in. */
export function imageProxyPath(url: string, signature?: string): string {
  const query = new URLSearchParams({ url });
  if (signature) query.set("sig", signature);
  return `${IMAGE_PROXY_PATH}?${query.toString()}`;
}

/**
 * The editors' preview in the browser, which cannot sign: remote images go through the proxy
 * unsigned, which it serves to signed-in members only (the people who can write a preview).
 */
export function previewImageSrc(src: string): string | null {
  const origin = typeof window === "undefined" ? null : window.location.origin;
  const source = classifyImageSource(src, origin);
  if (source.kind === "local") return source.path;
  if (source.kind === "remote") return imageProxyPath(source.url);
  return null;
}
