/**
 * Fixed-window counters kept in this process's memory, for endpoints every open tab calls many
 * times a minute (analytics beacons): there a database upsert per request would be the request's
 * main cost, and one address's row a hot spot every request waits on. Each process counts for
 * itself, so N web processes allow N × limit: enough to stop a script filling the figures, not an
 * exact quota. Account endpoints keep the shared count in the database (auth's consumeRateLimit).
 */
export interface MemoryRateLimiter {
  /** Counts one request of `key`; false once the window's limit is passed. */
  allow(key: string, now?: number): boolean;
  /** Forgets every count (tests). */
  reset(): void;
}

export function memoryRateLimiter(
  rule: { limit: number; windowSeconds: number },
  /** At most this many keys are remembered; past it, expired windows and then the oldest go. */
  maxKeys = 100_000,
): MemoryRateLimiter {
  const windowMs = rule.windowSeconds * 1000;
  const windows = new Map<string, { start: number; count: number }>();

  function makeRoom(now: number) {
    for (const [key, entry] of windows) if (now - entry.start >= windowMs) windows.delete(key);
    // Still full within one window: the oldest windows (Map keeps insertion order) are dropped.
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  }

  return {
    allow(key, now = Date.now()) {
      let entry = windows.get(key);
      if (!entry || now - entry.start >= windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(now);
        entry = { start: now, count: 0 };
        windows.set(key, entry);
      }
      entry.count += 1;
      return entry.count <= rule.limit;
    },
    reset() {
      windows.clear();
    },
  };
}
