// The analytics module's server API (docs/ARCHITECTURE.md "Analytics").
export { handleBeacon } from "./beacon.server";
export {
  bufferState,
  discardBuffered,
  flushAnalytics,
  setBufferLimits,
  BUFFER_LIMITS,
} from "./buffer.server";
export {
  forgetRecentViews,
  isDocumentResponse,
  recordBeacon,
  recordDocument,
  visitorHash,
  ONLINE_WINDOW_MS,
} from "./ingest.server";
export { activityOf, deleteActivity, recordActivity } from "./activity.server";
export {
  analyticsDailyTask,
  analyticsRetentionDays,
  deleteExpiredAnalytics,
  rollUp,
  ANALYTICS_DAILY_QUEUE,
} from "./rollup.server";
export {
  analyticsReport,
  observatory,
  type AnalyticsReport,
  type Observatory,
} from "./reports.server";
export { reportCsv, statisticsCsv } from "./csv.server";
export {
  statisticsReport,
  weekStart,
  RETENTION_WEEKS,
  type StatisticsReport,
} from "./statistics.server";
export { allowBeacon, resetBeaconLimits } from "./limits.server";
