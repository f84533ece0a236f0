/**
 * A/B test rules without the database (browser-safe): the nine SPEC §9 tests, the weighted draw
 * (SPEC §5), and the statistics of the dashboard (confidence interval, two-proportion z-test,
 * SPEC §2's winner rule, the sample needed for 80 % power).
 */

export const EXPERIMENT_STATUSES = ["active", "paused", "completed"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const EXPERIMENT_EVENT_TYPES = ["view", "click", "conversion", "purchase"] as const;
export type ExperimentEventType = (typeof EXPERIMENT_EVENT_TYPES)[number];

export interface ExperimentVariant {
  /** "A" (the control), "B", "C": the rendering the page shows. */
  key: string;
  name: string;
  description: string;
  /** Whole percent; a test's weights sum to 100. */
  weight: number;
}

/** The nine SPEC §9 tests, by id, with the number of variants each page renders. */
export const EXPERIMENTS = {
  ctaButtonText: "cta_button_text",
  bannerTiming: "banner_timing",
  authPageLayout: "auth_page_layout",
  valueProposition: "value_proposition",
  landingHeroLayout: "landing_hero_layout",
  landingCtaStyle: "landing_cta_style",
  landingSocialProof: "landing_social_proof",
  academyValueProposition: "academy_value_proposition",
  academyCtaFocus: "academy_cta_focus",
} as const;
export type ExperimentId = (typeof EXPERIMENTS)[keyof typeof EXPERIMENTS];
export const EXPERIMENT_IDS = Object.values(EXPERIMENTS) as ExperimentId[];

/** The control: what inactive and unknown tests show (SPEC §4). */
export const CONTROL = "A";

/** Variant key → what the page renders; every test's map is complete. */
export type Variants = Record<ExperimentId, string>;
export const CONTROL_VARIANTS: Variants = Object.fromEntries(
  EXPERIMENT_IDS.map((id) => [id, CONTROL]),
) as Variants;

export function isExperimentId(value: string): value is ExperimentId {
  return (EXPERIMENT_IDS as string[]).includes(value);
}

/**
 * SPEC §5: a random number in [0, 100) compared with the cumulative weights; the first variant
 * whose running sum exceeds it wins. Weights that do not reach the draw fall to the last one.
 */
export function pickVariant(variants: readonly ExperimentVariant[], random: number): string {
  const draw = random * 100;
  let sum = 0;
  for (const variant of variants) {
    sum += variant.weight;
    if (draw < sum) return variant.key;
  }
  return variants.at(-1)?.key ?? CONTROL;
}

/** The standard normal distribution function (Abramowitz & Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** z for a two-sided 95 % level and for 80 % power. */
export const Z_95 = 1.959964;
export const Z_POWER_80 = 0.841621;

/** The 95 % confidence interval of a rate (normal approximation), clipped to [0, 1]. */
export function confidenceInterval(conversions: number, impressions: number): [number, number] {
  if (impressions <= 0) return [0, 0];
  const p = conversions / impressions;
  const margin = Z_95 * Math.sqrt((p * (1 - p)) / impressions);
  return [Math.max(0, p - margin), Math.min(1, p + margin)];
}

/** Two-proportion z-test with the pooled rate: z (positive when b beats a) and the two-sided p-value. */
export function zTest(
  a: { conversions: number; impressions: number },
  b: { conversions: number; impressions: number },
): { z: number; p: number } | null {
  if (a.impressions <= 0 || b.impressions <= 0) return null;
  const pa = a.conversions / a.impressions;
  const pb = b.conversions / b.impressions;
  const pooled = (a.conversions + b.conversions) / (a.impressions + b.impressions);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / a.impressions + 1 / b.impressions));
  if (se === 0) return { z: 0, p: 1 };
  const z = (pb - pa) / se;
  return { z, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

/**
 * Impressions each variant needs to tell rate `p1` from `p2` at 95 % confidence with 80 % power
 * (two-sided, no continuity correction). Null when the rates are equal (no difference to detect).
 */
export function minimumSample(p1: number, p2: number): number | null {
  if (p1 === p2) return null;
  const mean = (p1 + p2) / 2;
  const top =
    Z_95 * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER_80 * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return Math.ceil((top * top) / ((p1 - p2) * (p1 - p2)));
}

/** SPEC §2: a winner needs more than this many impressions. */
export const WINNER_MIN_IMPRESSIONS = 10;
export const SIGNIFICANCE = 0.05;

export interface VariantResult {
  key: string;
  impressions: number;
  conversions: number;
}

/**
 * SPEC §2's winner: among variants with more than 10 impressions, the highest conversion rate,
 * at 95 % confidence — against the control, or when the control leads, against the best other.
 */
export function winnerOf(results: readonly VariantResult[]): string | null {
  const eligible = results.filter((r) => r.impressions > WINNER_MIN_IMPRESSIONS);
  if (eligible.length < 2) return null;
  const rate = (r: VariantResult) => r.conversions / r.impressions;
  const sorted = [...eligible].sort((x, y) => rate(y) - rate(x));
  const [best, second] = sorted as [VariantResult, VariantResult];
  if (rate(best) === rate(second)) return null;
  const control = eligible.find((r) => r.key === CONTROL);
  const against = best.key === CONTROL || !control ? second : control;
  const test = zTest(against, best);
  return test && test.z > 0 && test.p < SIGNIFICANCE ? best.key : null;
}

/** Admin edits: the weights must add up to 100 and keep every variant the pages render. */
export function weightsSum(variants: readonly ExperimentVariant[]): number {
  return variants.reduce((sum, v) => sum + v.weight, 0);
}
