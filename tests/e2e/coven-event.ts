/** The site-wide event tests/e2e/seed-long-thread.ts writes for tests/e2e/coven-events.spec.ts. */
export const E2E_EVENT = {
  title: "Full Moon Gathering",
  /** One seat: the second member to answer "going" waits. */
  capacity: 1,
  onlineUrl: "https://meet.example/full-moon-gathering",
} as const;
