/** Thrown when a semaphore's queue is full or a caller waited longer than it may. */
export class BusyError extends Error {
  constructor(message = "Too many of these operations are running; try again shortly.") {
    super(message);
    this.name = "BusyError";
  }
}

export interface SemaphoreOptions {
  /** At most this many `run`s at once. */
  limit: number;
  /** At most this many callers wait for a turn; one more is refused at once. */
  queue: number;
  /** A caller still waiting after this long is refused. */
  maxWaitMs: number;
}

export interface Semaphore {
  /** Runs `task` when a turn is free; rejects with BusyError when it cannot get one. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running now, and waiting now. */
  readonly active: number;
  readonly waiting: number;
  /** The most that ever ran at once. */
  readonly peak: number;
}

/**
 * A counting semaphore with a bounded, first-come queue: a way to keep one kind of work (search)
 * from taking every database connection, whatever the number of requests asking for it.
 */
export function createSemaphore({ limit, queue, maxWaitMs }: SemaphoreOptions): Semaphore {
  let active = 0;
  let peak = 0;
  const waiting: Array<{ start(): void; timer: NodeJS.Timeout }> = [];

  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  const acquire = (): Promise<void> => {
    if (active < limit && waiting.length === 0) {
      active += 1;
      peak = Math.max(peak, active);
      return Promise.resolve();
    }
    if (waiting.length >= queue) return Promise.reject(new BusyError());
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          active += 1;
          peak = Math.max(peak, active);
          resolve();
        },
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new BusyError());
        }, maxWaitMs),
      };
      entry.timer.unref?.();
      waiting.push(entry);
    });
  };

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    get peak() {
      return peak;
    },
  };
}
