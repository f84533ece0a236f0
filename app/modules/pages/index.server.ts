// The pages module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  LANDING_SLUGS,
  PAGE_PATHS,
  getPage,
  listPages,
  saveLandingPage,
  savePage,
  type Page,
} from "./pages.server";
export { FIGURE_SOURCES, siteFigures } from "./figures.server";
export { SEED_PAGES } from "./seed-content";
export { RETIRED_SEED_BODIES } from "./seed-history";
