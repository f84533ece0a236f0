// The A/B tests module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  GUEST_COOKIE,
  SEEN_COOKIE,
  adoptGuestAssignments,
  experimentResults,
  experimentVariants,
  ownTracking,
  recordClick,
  useRandomSource,
  type ExperimentRow,
} from "./experiments.server";
export { stopExperiment, updateExperiment, type ExperimentChange } from "./admin.server";
export {
  allowBannerLookup,
  allowClick,
  BANNER_LOOKUP_LIMIT,
  CLICK_LIMIT,
  resetBannerLookups,
} from "./limits.server";
