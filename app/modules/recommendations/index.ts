// What code outside the recommendations module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { dayStart } from "./ranking";
