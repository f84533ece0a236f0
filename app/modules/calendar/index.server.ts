// The calendar module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { icsDocument, type CalendarEntry } from "./ics.server";
