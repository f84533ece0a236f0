import { formValues, readForm } from "#app/lib/form";
import { tooManyRequests } from "#app/lib/too-many-requests.server";
import { getViewer } from "#app/modules/auth/index.server";
import { allowBeacon } from "./limits.server";
import { recordBeacon } from "./ingest.server";
import { beaconSchema } from "./validation";

/**
 * POST /api/analytics (kind=view|beat, path): a client navigation or an open tab's heartbeat.
 * Answers 204 at once; the write waits in the analytics buffer. Past the per-address limit, 429.
 * Every open tab calls it, so server/app.ts answers it ahead of the page machinery; the route
 * module (app/routes/api/analytics.ts) calls the same function.
 */
export async function handleBeacon(request: Request): Promise<Response> {
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    // Not a form (another content type, a body that does not parse): readForm's 400, answered
    // here since this handler also runs outside React Router, which would turn the throw into one.
    return Response.json({ ok: false }, { status: 400 });
  }
  const parsed = beaconSchema.safeParse(formValues(form));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  if (!allowBeacon(request)) return tooManyRequests(request);
  const viewer = await getViewer(request);
  recordBeacon(request, parsed.data, viewer?.user.id ?? null);
  return new Response(null, { status: 204 });
}
