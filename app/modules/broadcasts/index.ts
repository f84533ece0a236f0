// What code outside the broadcasts module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { ACTIVE_DAYS_MAX, BODY_MAX, PER_PAGE, SUBJECT_MAX } from "./limits";
export { AUDIENCE_KINDS, type Audience, type AudienceKind, type BroadcastChannels } from "./types";
