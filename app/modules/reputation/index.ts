// What code outside the reputation module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries").
export { AWARDS, RANK_THRESHOLDS } from "./rules";
