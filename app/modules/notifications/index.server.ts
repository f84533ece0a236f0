// The notifications module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { readContent } from "./content.server";
export {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCounts,
  unreadNotificationCount,
} from "./notifications.server";
export { notify } from "./notify.server";
