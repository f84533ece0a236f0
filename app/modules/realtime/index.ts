// What code outside the realtime module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { REALTIME_CHANNEL, type RealtimeDetail, type RealtimeEventMap } from "./events";
