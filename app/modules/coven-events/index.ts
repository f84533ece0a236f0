// The module's browser-safe exports for code outside it (docs/ARCHITECTURE.md "Module entries").
export {
  viewerZone,
  zoneCookie,
  zoneChosen,
  chosenZoneCookies,
  detectedZoneCookies,
  ZONE_COOKIE,
} from "./viewer-zone";
export { useViewerZone } from "./use-viewer-zone";
export { now, setClock } from "./clock";
export { canHostEvent, canUseEventCalendar } from "./policy";
export {
  dayKeyOf,
  firstDayOfWeek,
  monthBounds,
  monthOf,
  monthParam,
  monthWeeks,
  parseMonth,
  shiftMonth,
  type GridDay,
  type MonthKey,
  type Weekday,
} from "./month";
