import { textKey } from "#app/i18n/i18n";
import type { Context } from "hono";
import { detectLocale } from "#app/i18n/detect";
import { directionOf } from "#app/i18n/locales";
import { serverT } from "#app/i18n/resources.server";
import { sameSitePath } from "#app/lib/safe-redirect";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The page the asker came from on this site, for the "Go back" link, or null. */
function backPath(c: Context): string | null {
  const referer = c.req.header("referer");
  if (!referer || !URL.canParse(referer)) return null;
  const url = new URL(referer);
  return url.origin === new URL(c.req.url).origin ? sameSitePath(url.pathname + url.search) : null;
}

export interface Refusal {
  status: 400 | 404 | 413;
  /** Machine-readable code of the JSON answer. */
  code: string;
  /** Translation keys (the `errors` section). */
  title: string;
  text: string;
  /** More fields of the JSON answer. */
  details?: Record<string, unknown>;
}

/**
 * A request refused by the server's own middleware, before React Router could render an error
 * page, in the asker's language: JSON `{ code, message }` under /api/, a small standalone page for
 * a browser's document request, plain text otherwise (a page's script reads the status).
 */
export function refuse(c: Context, refusal: Refusal): Response {
  const locale = detectLocale(c.req.raw);
  const t = serverT(locale);
  const title = t(textKey(refusal.title));
  const message = t(textKey(refusal.text));
  if (c.req.path.startsWith("/api/"))
    return c.json({ code: refusal.code, message, ...refusal.details }, refusal.status);
  if (c.req.path.endsWith(".data") || !(c.req.header("accept") ?? "").includes("text/html"))
    return c.text(message, refusal.status);

  const back = backPath(c);
  c.header(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
  );
  return c.html(
    `<!doctype html><html lang="${locale}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
      `<p><a href="${escapeHtml(back ?? "/")}">${escapeHtml(back ? t("errors.goBack") : t("errors.goHome"))}</a></p></body></html>`,
    refusal.status,
  );
}
