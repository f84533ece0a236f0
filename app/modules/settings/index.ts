// What code outside the settings module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { siteDescription, useSiteDescription } from "./use-site-description";
