// What code outside the spirits module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  CATALOGUES,
  POPULAR_POWERS,
  SPIRIT_LIMITS,
  isCatalogue,
  type Catalogue,
} from "./catalogues";
