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
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
