import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { applyProcessFaultPolicy } from "./process-faults";

function harness() {
  const target = new EventEmitter();
  const lines: Array<[level: string, msg: string]> = [];
  const stops: number[] = [];
  const log = {
    warn: (_: object, msg: string) => lines.push(["warn", msg]),
    error: (_: object, msg: string) => lines.push(["error", msg]),
    fatal: (_: object, msg: string) => lines.push(["fatal", msg]),
  };
  applyProcessFaultPolicy(log, (code) => stops.push(code), target);
  return { target, lines, stops };
}

const lost = () =>
  Object.assign(new Error("terminating connection due to administrator command"), {
    code: "57P01",
  });

describe("the process fault policy", () => {
  it("keeps serving through database connection errors, thrown or rejected", () => {
    const { target, lines, stops } = harness();
    target.emit("uncaughtException", new Error("Connection terminated unexpectedly"));
    target.emit("uncaughtException", lost());
    target.emit("unhandledRejection", lost());
    expect(stops).toEqual([]);
    expect(lines.map(([level]) => level)).toEqual(["warn", "warn", "warn"]);
  });

  it("logs any other unhandled rejection and keeps serving", () => {
    const { target, lines, stops } = harness();
    target.emit("unhandledRejection", new TypeError("x is not a function"));
    target.emit("unhandledRejection", "a string");
    expect(stops).toEqual([]);
    expect(lines.map(([level]) => level)).toEqual(["error", "error"]);
  });

  it("stops the process (drain, exit 1) on any other uncaught exception", () => {
    const { target, lines, stops } = harness();
    target.emit("uncaughtException", new RangeError("Invalid array length"));
    expect(stops).toEqual([1]);
    expect(lines).toEqual([["fatal", "uncaught exception; stopping"]]);
  });
});
