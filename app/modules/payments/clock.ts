/**
 * The time the billing sweep reads when pg-boss runs it: the real clock, or one a test sets so
 * that renewals and period ends can be reached without waiting.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Tests only: `null` goes back to the real clock. */
export function setClock(clock: (() => Date) | null): void {
  current = clock ?? (() => new Date());
}
