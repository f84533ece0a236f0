// The covens module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  createCoven,
  joinCoven,
  createInvitation,
  revokeInvitation,
  joinWithInvitation,
  decideJoinRequest,
  leaveCoven,
  removeCovenMember,
  setCovenRole,
  transferCovenOwnership,
  setMemberLimit,
  setCovenArchived,
  CovenRefusedError,
  INVITATION_DAYS,
  type CovenRefusal,
  type NewCoven,
} from "./covens.server";
export { covenNotFound, refusalAnswer, requireCovens, uploadedBanner } from "./access.server";
export { updateCoven, hashToken } from "./covens.server";
export {
  activeInvitations,
  covenBySlug,
  covenLeaders,
  covenMembersPage,
  pendingJoinRequests,
  invitationPreview,
  listCovens,
  myCovens,
} from "./queries.server";
export { covenCount } from "./queries.server";
export {
  COVEN_FEED_PAGE,
  covenFeed,
  createCovenPost,
  feedPage,
  readableCoven,
  setCovenPostPinned,
} from "./feed.server";
export { covenUpcomingEvents } from "./upcoming-events.server";
