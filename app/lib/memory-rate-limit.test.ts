import { describe, expect, it } from "vitest";
import { memoryRateLimiter } from "./memory-rate-limit.server";

describe("memoryRateLimiter", () => {
  it("allows the limit in a window, refuses the next, and starts afresh in the next window", () => {
    const limiter = memoryRateLimiter({ limit: 3, windowSeconds: 60 });
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => limiter.allow("a", t))).toEqual([true, true, true, false]);
    expect(limiter.allow("b", t)).toBe(true);
    expect(limiter.allow("a", t + 59_999)).toBe(false);
    expect(limiter.allow("a", t + 60_000)).toBe(true);
  });

  it("remembers at most maxKeys addresses, dropping expired windows first, then the oldest", () => {
    const limiter = memoryRateLimiter({ limit: 1, windowSeconds: 60 }, 2);
    limiter.allow("old", 0);
    limiter.allow("a", 50_000);
    // "old" has expired: making room for "b" drops it, "a" keeps its spent window.
    limiter.allow("b", 70_000);
    expect(limiter.allow("a", 70_000)).toBe(false);
    // Full within one window: "a" (the oldest) goes, so it may come back.
    limiter.allow("c", 71_000);
    expect(limiter.allow("a", 72_000)).toBe(true);
  });
});
