/** The discussion tests/e2e/seed-long-thread.ts writes before the e2e server starts. */
export const LONG_THREAD = {
  title: "A year of full-moon notes: add yours",
  slug: "a-year-of-full-moon-notes-add-yours",
  postAuthor: "selene@demo.sanctuary.local",
  commenters: [
    "orion@demo.sanctuary.local",
    "amara@demo.sanctuary.local",
    "kenji@demo.sanctuary.local",
    "layla@demo.sanctuary.local",
  ],
  /** 120 top-level comments: pages of 50, 50 and 20. */
  topLevel: 120,
  /** Notes that have a reply from the post's author (two on either side of the first page's end). */
  repliedTo: [3, 49, 50, 51, 52, 99],
  /** This note, on the second page, is Perry Premium's (the e2e premium account). */
  premiumNote: 75,
  premiumAuthor: "premium@e2e.test",
  note: (n: number) =>
    `Full-moon note ${n}: ${["clear sky, slept well", "clouds, but the light came through", "wrote three intentions", "walked by the river", "quiet evening, candle lit"][n % 5]}.`,
  reply: (n: number) => `Thank you for note ${n}.`,
};
