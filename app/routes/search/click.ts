import type { Route } from "./+types/click";
import { formValues, readForm } from "#app/lib/form";
import { getViewer } from "#app/modules/auth/index.server";
import { allowSearch, logResultClick } from "#app/modules/search/index.server";
import { clickSchema } from "#app/modules/search/validation";

/** POST /api/search/click (q, title, kind) — logs a chosen result as 'query -> title (type)'. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const parsed = clickSchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  if (!(await allowSearch(request, "click")))
    return Response.json({ ok: false, error: "rateLimited" }, { status: 429 });
  const viewer = await getViewer(request);
  const logged = await logResultClick(request, parsed.data, viewer?.user.id ?? null);
  return Response.json({ ok: logged }, { status: logged ? 200 : 400 });
}
