import { afterEach, describe, expect, it, vi } from "vitest";
import { BusyError, createSemaphore } from "./semaphore";

/** A task that runs until its `finish` is called. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = false;
  return {
    task: async () => {
      started = true;
      await done;
      return "done";
    },
    finish,
    get started() {
      return started;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe("createSemaphore", () => {
  it("runs at most `limit` at once, queues up to `queue` in order, refuses the next at once", async () => {
    const semaphore = createSemaphore({ limit: 3, queue: 2, maxWaitMs: 60_000 });
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g) => semaphore.run(g.task));
    await tick();
    expect(gates.map((g) => g.started)).toEqual([true, true, true, false, false]);
    expect([semaphore.active, semaphore.waiting]).toEqual([3, 2]);

    await expect(semaphore.run(async () => "late")).rejects.toBeInstanceOf(BusyError);

    gates[1]!.finish();
    await tick();
    expect(gates.map((g) => g.started)).toEqual([true, true, true, true, false]);
    gates[0]!.finish();
    await tick();
    expect(gates[4]!.started).toBe(true);
    for (const g of gates) g.finish();
    expect(await Promise.all(runs)).toEqual(Array(5).fill("done"));
    expect([semaphore.active, semaphore.waiting, semaphore.peak]).toEqual([0, 0, 3]);
  });

  it("refuses a caller that waited longer than maxWaitMs, and frees its place", async () => {
    vi.useFakeTimers();
    const semaphore = createSemaphore({ limit: 1, queue: 5, maxWaitMs: 1_000 });
    const running = gate();
    const first = semaphore.run(running.task);
    const waiting = semaphore.run(async () => "never");
    const assertion = expect(waiting).rejects.toBeInstanceOf(BusyError);
    await vi.advanceTimersByTimeAsync(1_000);
    await assertion;
    expect(semaphore.waiting).toBe(0);
    running.finish();
    expect(await first).toBe("done");
    expect(semaphore.active).toBe(0);
  });

  it("frees the turn when a task fails", async () => {
    const semaphore = createSemaphore({ limit: 1, queue: 0, maxWaitMs: 1_000 });
    await expect(semaphore.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await semaphore.run(async () => "next")).toBe("next");
  });
});
