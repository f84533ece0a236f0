// The realtime module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { RealtimeHub, realtimeHub, useRealtimeHub, type RealtimeSubscriber } from "./hub.server";
export { publish } from "./publish.server";
