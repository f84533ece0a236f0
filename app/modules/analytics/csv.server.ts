import { csvLines } from "#app/lib/csv";
import type { AnalyticsReport } from "./reports.server";
import type { StatisticsReport } from "./statistics.server";

/** The report as one CSV: a section column names each table (daily, pages, referrers, …). */
export function reportCsv(report: AnalyticsReport): string {
  const rows: Array<Array<string | number>> = [["section", "key", "value", "previous"]];
  for (const day of report.series) {
    rows.push(["page_views", day.day, day.views, ""]);
    rows.push(["visitors", day.day, day.visitors, ""]);
  }
  const t = report.totals;
  rows.push(["total", "page_views", t.views.current, t.views.previous]);
  rows.push(["total", "visitors", t.visitors.current, t.visitors.previous]);
  rows.push(["total", "crawler_visits", t.crawlers.current, t.crawlers.previous]);
  for (const [section, list] of [
    ["page", report.pages],
    ["referrer", report.referrers],
    ["language", report.languages],
    ["device", report.devices],
  ] as const)
    for (const b of list) rows.push([section, b.key, b.value, b.previous]);
  rows.push(["funnel", "visitors", report.funnel.visitors, ""]);
  rows.push(["funnel", "sign_ups", report.funnel.signUps, ""]);
  rows.push(["funnel", "premium", report.funnel.premium, ""]);
  for (const s of report.searches) rows.push(["search", s.term, s.count, ""]);
  for (const s of report.zeroSearches) rows.push(["search_no_results", s.term, s.count, ""]);
  return csvLines(rows);
}

/**
 * The statistics screen as one CSV: daily rows, totals and active members, the retention table
 * (key = sign-up week, then the week since sign-up) and the revenue of the range.
 */
export function statisticsCsv(report: StatisticsReport): string {
  const rows: Array<Array<string | number>> = [["section", "key", "value", "previous"]];
  for (const day of report.series) {
    rows.push(["members_joined", day.day, day.joined, ""]);
    rows.push(["members_active", day.day, day.active, ""]);
    rows.push(["posts", day.day, day.posts, ""]);
    rows.push(["comments", day.day, day.comments, ""]);
  }
  rows.push(["total", "members", report.members.total, ""]);
  rows.push([
    "total",
    "members_joined",
    report.members.joined.current,
    report.members.joined.previous,
  ]);
  rows.push(["total", "posts", report.posts.current, report.posts.previous]);
  rows.push(["total", "comments", report.comments.current, report.comments.previous]);
  rows.push(["active", "daily", report.active.daily, ""]);
  rows.push(["active", "weekly", report.active.weekly, ""]);
  rows.push(["active", "monthly", report.active.monthly, ""]);
  for (const cohort of report.cohorts) {
    rows.push(["cohort_size", cohort.week, cohort.size, ""]);
    cohort.retention.forEach((share, week) =>
      rows.push([
        `retention_week_${week}`,
        cohort.week,
        share === null ? "" : share.toFixed(4),
        "",
      ]),
    );
  }
  const r = report.revenue;
  rows.push(["revenue", `payments_${r.currency}`, r.payments, ""]);
  rows.push(["revenue", `gross_${r.currency}`, r.gross, ""]);
  rows.push(["revenue", `refunds_${r.currency}`, r.refunds, ""]);
  rows.push(["revenue", `net_${r.currency}`, r.net, ""]);
  return csvLines(rows);
}
