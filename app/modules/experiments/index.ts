// The A/B tests module's browser-safe entry (docs/ARCHITECTURE.md "Module entries").
export {
  CONTROL,
  CONTROL_VARIANTS,
  EXPERIMENTS,
  EXPERIMENT_IDS,
  WINNER_MIN_IMPRESSIONS,
  confidenceInterval,
  minimumSample,
  winnerOf,
  zTest,
  type ExperimentId,
  type ExperimentVariant,
  type ExperimentStatus,
  type VariantResult,
  type Variants,
} from "./policy";
export { trackExperimentClick } from "./click";
