// The module's server API for code outside it (docs/ARCHITECTURE.md "Module entries").
export { reminderTask } from "./reminder-task.server";
export {
  feedCalendar,
  eventCalendar,
  eventReminders,
  feedToken,
  regenerateFeedToken,
  setEventReminders,
} from "./calendar.server";
export { type EventInput } from "./events.server";
export {
  EventRefusedError,
  cancelEvent,
  cancelOccurrence,
  rsvp,
  type EventRefusal,
  createEvent,
} from "./events.server";
export {
  attendeesCsv,
  eventDetails,
  eventsBetween,
  monthEvents,
  pastEvents,
  type MonthOccurrence,
} from "./queries.server";
