// The search module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { allowSearch, logResultClick } from "./log.server";
export { dropdownSearch, submittedSearch } from "./search.server";
export { trendingSearches } from "./trending.server";
export { findQuick, searchByKind } from "./search.server";
