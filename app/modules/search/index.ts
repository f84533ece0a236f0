// What code outside the search module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { SEARCHED_NAME_LENGTH } from "./limits";
export { PARTNER_SLOTS, isPartnerTemplate, partnerSites } from "./partners";
export { rememberSearch } from "./recent-searches";
export { excerptAround } from "./text";
