export interface ShortLived<T> {
  /** The kept value while it is younger than the time to live, else a fresh load. */
  get(now?: number): Promise<T>;
  /** Drops the kept value: the next `get` loads again. */
  forget(): void;
}

/**
 * A value one process loads at most once per `ttlMs` (counts that would cost more than the page
 * showing them). Concurrent callers share one load, and a failed load is not kept.
 */
export function shortLived<T>(ttlMs: number, load: () => Promise<T>): ShortLived<T> {
  let kept: { at: number; value: Promise<T> } | undefined;
  return {
    get(now = Date.now()) {
      if (!kept || now - kept.at > ttlMs) {
        const value = load();
        kept = { at: now, value };
        value.catch(() => {
          if (kept?.value === value) kept = undefined;
        });
      }
      return kept.value;
    },
    forget() {
      kept = undefined;
    },
  };
}
