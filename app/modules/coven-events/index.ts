// The module's browser-safe exports for code outside it (docs/ARCHITECTURE.md "Module entries").
export { viewerZone, zoneCookie, ZONE_COOKIE } from "./viewer-zone";
export { now, setClock } from "./clock";
