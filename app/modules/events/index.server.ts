// The events module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
// `subscribe` comes first: emit.server and jobs.server load every module's subscribers, which
// import `subscribe` from this entry while it is still being evaluated.
export { subscribe } from "./subscribe.server";
export { emitEvent } from "./emit.server";
export { drainJobs, startJobs, stopJobs } from "./jobs.server";
export { jobs } from "./jobs.server";
