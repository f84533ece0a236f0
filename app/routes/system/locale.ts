import { redirect } from "react-router";
import type { Route } from "./+types/locale";
import { readForm } from "#app/lib/form";
import { LOCALE_COOKIE, isLocale } from "#app/i18n/locales";
import { safeRedirect } from "#app/lib/safe-redirect";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** Stores the chosen language in a cookie (SPEC §4: the stored choice wins over the browser's). */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = form.get("locale");
  if (!isLocale(locale)) return new Response("Unknown language", { status: 400 });
  const cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`;
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("text/html")) {
    throw redirect(safeRedirect(form.get("redirectTo"), "/"), {
      headers: { "Set-Cookie": cookie },
    });
  }
  return Response.json({ locale }, { headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  throw redirect("/");
}
