/**
 * The time the consultations module reads: the real clock, or one a test sets so that "upcoming",
 * "in the past" and the cancellation window can be checked at any moment without waiting.
 */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Tests only: `null` goes back to the real clock. */
export function setClock(clock: (() => Date) | null): void {
  current = clock ?? (() => new Date());
}
