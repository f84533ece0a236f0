/** The time the chat limits read: the real clock, or one a test sets to move between windows. */
let current: () => Date = () => new Date();

export function now(): Date {
  return current();
}

/** Tests only: `null` goes back to the real clock. */
export function setClock(clock: (() => Date) | null): void {
  current = clock ?? (() => new Date());
}
