// The pages module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { PAGE_PATHS, getPage, listPages, savePage } from "./pages.server";
export { SEED_PAGES } from "./seed-content";
export { RETIRED_SEED_BODIES } from "./seed-history";
