// What code outside the shell module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { INDEXABLE_PATHS, SITE_SECTIONS } from "./site-sections";
export { useCommunityCounts } from "./use-community-counts";
