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
export { allowClick, CLICK_LIMIT } from "./limits.server";
