// What code outside the covens module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  isCovenOwner,
  canCreateCoven,
  canUseCovens,
  canSeeCoven,
  canReadCovenFeed,
  canPostInCoven,
  joinRefusal,
  joinNeedsApproval,
  canLeadCoven,
  canRemoveCovenMember,
  canChangeCovenRole,
  canLeaveCoven,
  canArchiveCoven,
  memberLimitProblem,
  canTransferCovenOwnership,
  COVEN_MEMBER_LIMIT,
  type CovenVisibility,
  type CovenRole,
  type CovenRules,
  type CovenMembership,
  type CovenActor,
  type JoinRefusal,
} from "./policy";
export { nextCovenRole } from "./policy";
