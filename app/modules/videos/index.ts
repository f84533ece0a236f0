// What code outside the videos module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  canAddVideo,
  canFollow,
  canModerateVideos,
  canRateVideo,
  canSeeVideo,
  isPubliclyVisible,
  publishesAtOnce,
  type EmbedProvider,
  type FollowKind,
  type VideoActor,
  type VideoRules,
  type VideoStatus,
} from "./policy";
export { embedPlayerUrl, embedWatchUrl, parseEmbedUrl, type VideoEmbed } from "./embed";
