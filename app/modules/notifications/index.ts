// What code outside the notifications module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { notificationText, type NotificationContent } from "./content";
export { canSeeAdminNotices } from "./policy";
export { notificationTab } from "./tabs";
