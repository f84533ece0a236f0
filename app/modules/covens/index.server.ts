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
