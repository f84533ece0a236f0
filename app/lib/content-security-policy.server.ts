/** The hosts whose players a page may frame: exactly the embeds of videos/embed.ts. */
export const VIDEO_FRAME_HOSTS = [
  "https://www.youtube-nocookie.com",
  "https://youtube-nocookie.com",
  "https://player.vimeo.com",
] as const;

/** The Content-Security-Policy of an HTML page: scripts only from us or carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string, secure: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // React writes style attributes (progress bars, sidebar widths); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    // Images from this site only: remote images in member content and site settings come through
    // the same-origin image proxy (/media/proxy), so no page hands readers' addresses to other hosts.
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' https:",
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
