import type { Route } from "./+types/statistics-csv";
import { csvResponse } from "#app/lib/csv";
import { requireAdmin } from "#app/modules/auth/index.server";
import { statisticsCsv, statisticsReport } from "#app/modules/analytics/index.server";
import { rangeSchema } from "#app/modules/analytics/validation";
import { membershipPricing } from "#app/modules/memberships";
import { getAllSettings } from "#app/modules/settings/index.server";

/** GET /admin/statistics.csv?days=30 — the statistics screen's figures as CSV (admins). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { days } = rangeSchema.parse({ days: url.searchParams.get("days") ?? undefined });
  const { currency } = membershipPricing(await getAllSettings());
  const report = await statisticsReport(days, currency);
  return csvResponse(statisticsCsv(report), `statistics-${report.from}-${report.to}.csv`);
}
