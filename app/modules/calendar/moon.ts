import { MakeTime, SearchMoonPhase } from "astronomy-engine";

/**
 * New and full moons, computed (astronomy-engine's ephemeris, accurate to about a minute), not
 * looked up in a table that runs out: practitioners plan circles by them, so the event form
 * offers the next ones as start dates.
 */
export interface MoonPhase {
  kind: "new" | "full";
  at: Date;
}

const LONGITUDE = { new: 0, full: 180 } as const;
const HOUR_MS = 3_600_000;

function nextPhase(kind: MoonPhase["kind"], from: Date): MoonPhase {
  // A lunation is 29.5 days: any phase is found within 31 days of any moment.
  const found = SearchMoonPhase(LONGITUDE[kind], MakeTime(from), 31);
  if (!found) throw new Error(`No ${kind} moon within 31 days of ${from.toISOString()}`);
  return { kind, at: found.date };
}

/** The next `count` new and full moons after `from`, in order. */
export function nextMoonPhases(from: Date, count: number): MoonPhase[] {
  const phases: MoonPhase[] = [];
  let cursor = from;
  while (phases.length < count) {
    const newMoon = nextPhase("new", cursor);
    const fullMoon = nextPhase("full", cursor);
    const next = newMoon.at < fullMoon.at ? newMoon : fullMoon;
    phases.push(next);
    cursor = new Date(next.at.getTime() + HOUR_MS);
  }
  return phases;
}
