import { config } from "./config.server";

/**
 * Where uploaded media may come from besides this site: the S3 endpoint's origin when media are
 * stored there (/media/files answers with a redirect to a presigned address on it, and the CSP
 * applies to where a redirect leads).
 */
export function mediaOrigins(): string[] {
  const endpoint = config().S3_ENDPOINT;
  return endpoint ? [new URL(endpoint).origin] : [];
}

/** The hosts whose players a page may frame: exactly the embeds of videos/embed.ts. */
export const VIDEO_FRAME_HOSTS = [
  "https://www.youtube-nocookie.com",
  "https://youtube-nocookie.com",
  "https://player.vimeo.com",
] as const;

/** The Content-Security-Policy of an HTML page: scripts only from us or carrying this response's nonce. */
export function contentSecurityPolicy(
  nonce: string,
  secure: boolean,
  media: readonly string[] = mediaOrigins(),
): string {
  const extra = media.map((origin) => ` ${origin}`).join("");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React writes style attributes (progress bars, sidebar widths); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Images from this site only: remote images in member content and site settings come through
    // the same-origin image proxy (/media/proxy), so no page hands readers' addresses to other hosts.
    // Uploaded posters may come from the media bucket.
    `img-src 'self' data:${extra}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    // Uploaded videos: this site, or the media bucket its addresses redirect to.
    `media-src 'self'${extra}`,
    // Videos embedded from YouTube (its no-cookie host) and Vimeo, loaded only when a member
    // presses Play (videos/components/embed-player.tsx); no other site may be framed.
    `frame-src ${VIDEO_FRAME_HOSTS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
