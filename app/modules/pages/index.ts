// What code outside the pages module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { PAGE_BODY_MAX } from "./limits";
export {
  LANDING_LIMITS,
  type LandingContent,
  type LandingCta,
  type LandingSection,
} from "./landing";
export { figureCount, type FigureValue, type SiteFigure } from "./figures";
