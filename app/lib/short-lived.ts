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

export interface ShortLivedByKey<T> {
  get(key: string, now?: number): Promise<T>;
  forget(key: string): void;
}

/**
 * `shortLived` per key, for values many pages ask for by id (a thread's related discussions):
 * each key loads at most once per `ttlMs`, concurrent callers share a load, a failed load is not
 * kept, and at most `maxKeys` are kept (the oldest loaded goes first), so memory stays bounded
 * however many keys are asked for.
 */
export function shortLivedByKey<T>(
  ttlMs: number,
  maxKeys: number,
  load: (key: string) => Promise<T>,
): ShortLivedByKey<T> {
  const kept = new Map<string, { at: number; value: Promise<T> }>();
  return {
    get(key, now = Date.now()) {
      const entry = kept.get(key);
      if (entry && now - entry.at <= ttlMs) return entry.value;
      const value = load(key);
      kept.delete(key);
      kept.set(key, { at: now, value });
      if (kept.size > maxKeys) kept.delete(kept.keys().next().value!);
      value.catch(() => {
        if (kept.get(key)?.value === value) kept.delete(key);
      });
      return value;
    },
    forget(key) {
      kept.delete(key);
    },
  };
}
