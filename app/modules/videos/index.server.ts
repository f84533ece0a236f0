// The videos module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  createVideo,
  moderateVideo,
  powerScoreSql,
  rateVideo,
  recordView,
  setFollow,
  viewerKey,
  VideoRefusedError,
  type ModerationDecision,
  type NewVideo,
  type VideoRefusal,
} from "./videos.server";
export {
  hasNewVideos,
  listVideos,
  pendingVideos,
  publishedVideoCount,
  relatedVideos,
  videoBySlug,
  videoPermissions,
  viewerVideoState,
  RELATED_VIDEOS,
  VIDEOS_PAGE,
  type VideoCard,
  type VideoRow,
} from "./queries.server";
export { ensureVideoThread, videoThreadSlug } from "./thread.server";
