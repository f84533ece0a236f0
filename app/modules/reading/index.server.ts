// The reading module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { getReadingAccess, membersOnlyReading, requireReader } from "./reading.server";
