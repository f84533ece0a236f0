import type { Route } from "./+types/ab-click";
import { formValues, readForm } from "#app/lib/form";
import { allowClick, recordClick } from "#app/modules/experiments/index.server";
import { tooManyRequests } from "#app/lib/too-many-requests.server";
import { experimentClickSchema } from "#app/modules/experiments/click-validation";

/** POST /api/ab-tests/click (testId): a click on a tested element, under the variant stored (429 past the
 * per-address limit). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const parsed = experimentClickSchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  if (!(await allowClick(request))) return tooManyRequests(request);
  const counted = await recordClick(request, parsed.data.testId);
  return Response.json({ ok: counted }, { status: counted ? 200 : 404 });
}
