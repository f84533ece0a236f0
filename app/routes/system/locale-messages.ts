import type { Route } from "./+types/locale-messages";
import { isTextBundle } from "#app/i18n/bundles";
import { isLocale } from "#app/i18n/locales";
import { textsFile } from "#app/i18n/resources.server";

/**
 * GET /i18n/{locale}/{bundle}.{hash}.json: one bundle of one language's interface texts for the
 * browser (app/i18n/bundles.ts). The address changes whenever the texts do, so browsers and
 * proxies may keep the file for a year; an old hash is answered with the current texts, never
 * cached.
 */
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z]+)\.([\w-]+)\.json$/.exec(params.file);
  if (!match || !isLocale(params.locale) || !isTextBundle(match[1]))
    return new Response("Not found", { status: 404 });
  const file = textsFile(params.locale, match[1]);
  const current = file.href.endsWith(`/${match[1]}.${match[2]}.json`);
  return new Response(file.json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-store",
    },
  });
}
