// The analytics module's browser-safe API.
export { ACTIVITY_TYPES, type ActivityEntry, type ActivityType } from "./activity";
export { deviceClass } from "./device";
export { ANALYTICS_BEACON_PATH } from "./validation";
