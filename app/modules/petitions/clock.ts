/**
 * The time the request rules read (the daily limit): the real clock, or one a test sets so a
 * day can pass without waiting.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Tests only: `null` goes back to the real clock. */
export function setClock(clock: (() => Date) | null): void {
  current = clock ?? (() => new Date());
}
