// What code outside the calendar module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export { nextMoonPhases, type MoonPhase } from "./moon";
export {
  recurrenceProblem,
  toRRule,
  parseRRule,
  occurrencesBetween,
  isRuleStart,
  upcomingOccurrences,
  WEEKDAYS,
  MONTH_WEEKS,
  RECURRENCE_LIMITS,
  type Weekday,
  type MonthWeek,
  type Recurrence,
  type OccurrenceChange,
  type Schedule,
  type Occurrence,
} from "./recurrence";
export {
  isTimeZone,
  wallTimeOf,
  instantOf,
  floatingDate,
  wallTimeOfFloating,
  type WallTime,
} from "./zone";
