// The module's browser-safe exports for code outside it (docs/ARCHITECTURE.md "Module entries").
export { now, setClock } from "./clock";
export {
  CANCEL_NOTICE_HOURS,
  CONSULTATION_LIMITS,
  canCancelConsultation,
  canManageConsultations,
  consultationEligibility,
  consultationMonth,
  type Eligibility,
  type EligibilityFacts,
} from "./policy";
export { ORACLE_SITES, oracleLinks, type OracleLink } from "./oracles";
export { slotStarts } from "./slot-starts";
