// The events module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
// `subscribe` comes first: emit.server and jobs.server load every module's subscribers, which
// import `subscribe` from this entry while it is still being evaluated.
export { subscribe } from "./subscribe.server";
export { emitEvent, queueTask } from "./emit.server";
export { drainJobs, runJob, startJobs, stopJobs } from "./jobs.server";
export type { Attempt } from "./tasks.server";
export type { BillingContact, EventOf } from "./types";
export { jobs } from "./jobs.server";
