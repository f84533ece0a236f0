// The recommendations module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { todaysRecommendations } from "./recommendations.server";
export { siteSuggestions, type SiteSuggestion } from "./site-suggestions.server";
