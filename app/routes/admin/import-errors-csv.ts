import type { Route } from "./+types/import-errors-csv";
import { idParam } from "#app/lib/ids";
import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";
import { requireAdmin } from "#app/modules/auth/index.server";
import { importErrorsCsv, importJob } from "#app/modules/member-import/index.server";

/** GET /admin/import/{id}/errors.csv — the rows an import did not take and why (admins). */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const id = idParam(params.id);
  const job = await importJob(id);
  if (!job) throw new Response("Not found", { status: 404 });
  const t = serverT(detectLocale(request)) as (key: string, values?: object) => string;
  return new Response(await importErrorsCsv(id, t), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-errors-${id}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
