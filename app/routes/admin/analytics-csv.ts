import type { Route } from "./+types/analytics-csv";
import { csvResponse } from "#app/lib/csv";
import { requireAdmin } from "#app/modules/auth/index.server";
import { analyticsReport, reportCsv } from "#app/modules/analytics/index.server";
import { rangeSchema } from "#app/modules/analytics/validation";

/** GET /admin/analytics.csv?days=30 — the analytics screen's figures as CSV (admins). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { days } = rangeSchema.parse({ days: url.searchParams.get("days") ?? undefined });
  const report = await analyticsReport(days);
  return csvResponse(reportCsv(report), `analytics-${report.from}-${report.to}.csv`);
}
