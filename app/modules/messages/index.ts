// What code outside the messages module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export type { MessageEventData } from "./limits";
