// What code outside the memberships module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries").
export {
  COMPARISON_ROWS,
  comparisonRows,
  parseComparison,
  serializeComparison,
  type HiddenReason,
} from "./comparison";
export {
  COMPETITOR_SLOTS,
  comparisonFormValues,
  comparisonFromForm,
  declaredRow,
  field,
} from "./comparison-form";
export { BILLED_STATUSES, membershipKind, type MembershipKind } from "./membership-kind";
export { PLAN_CTA_HREF, viewerPlan, type ViewerPlan } from "./membership-plan";
export { PREMIUM_TIERS, hasPremiumAccess, holdsPaidMembership, membershipLapsed } from "./policy";
export { formatMoney, membershipPricing, minorUnitDigits, type MembershipPricing } from "./pricing";
export { PLAN_TITLE_KEYS, TIERS, planOf, type Tier } from "./tiers";
