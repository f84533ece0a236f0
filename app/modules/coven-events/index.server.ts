// The module's server API for code outside it (docs/ARCHITECTURE.md "Module entries").
// The tasks first: app/modules/events/tasks.server.ts reads them while this entry is still being
// evaluated (events.server imports the events module, which loads the task list).
export { reminderTask } from "./reminder-task.server";
export { extendOccurrences, occurrencesTask } from "./occurrences.server";
export {
  feedCalendar,
  eventCalendar,
  eventReminders,
  feedToken,
  regenerateFeedToken,
  setEventReminders,
} from "./calendar.server";
export { messageEmailTask, runMessageEmails } from "./message-email-task.server";
export { type EventInput } from "./events.server";
export {
  EventRefusedError,
  cancelEvent,
  cancelOccurrence,
  rsvp,
  type EventRefusal,
  createEvent,
  updateEvent,
  moveOccurrence,
} from "./events.server";
export {
  attendeesCsv,
  eventDetails,
  eventsBetween,
  withSeats,
  monthEvents,
  occurrencePage,
  type MonthOccurrence,
} from "./queries.server";
export { messageAttendees, MESSAGE_LIMIT } from "./messages.server";
export {
  canCreateEvents,
  eventForEdit,
  hostChoices,
  moonChoices,
  timeZoneChoices,
} from "./hosting.server";
export { uploadedCover } from "./cover.server";
export { eventRefusalAnswer, refusalStatus } from "./refusals.server";
