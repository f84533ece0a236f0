import { describe, expect, it } from "vitest";
import { nextMoonPhases } from "./moon";

const MINUTE = 60_000;

describe("moon phases", () => {
  it("finds the published new and full moons of early 2024 to the minute, alternating", () => {
    const phases = nextMoonPhases(new Date("2024-01-01T00:00:00Z"), 4);
    const published = [
      ["new", "2024-01-11T11:57:00Z"],
      ["full", "2024-01-25T17:54:00Z"],
      ["new", "2024-02-09T22:59:00Z"],
      ["full", "2024-02-24T12:30:00Z"],
    ] as const;
    expect(phases.map((phase) => phase.kind)).toEqual(published.map(([kind]) => kind));
    phases.forEach((phase, index) => {
      const expected = new Date(published[index]![1]).getTime();
      expect(Math.abs(phase.at.getTime() - expected)).toBeLessThan(2 * MINUTE);
    });
  });

  it("starts after the moment given, and is about 14.8 days apart on average", () => {
    const from = new Date("2031-07-04T12:00:00Z");
    const phases = nextMoonPhases(from, 25);
    expect(phases[0]!.at > from).toBe(true);
    const spans = phases
      .slice(1)
      .map((phase, index) => phase.at.getTime() - phases[index]!.at.getTime());
    for (const span of spans) {
      expect(span / 86_400_000).toBeGreaterThan(13.5);
      expect(span / 86_400_000).toBeLessThan(16.2);
    }
  });
});
