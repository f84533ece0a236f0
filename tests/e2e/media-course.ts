import type { SeedCourse } from "#app/modules/academy/index.server";

/**
 * A premium course without media, written by tests/e2e/seed-long-thread.ts for
 * tests/e2e/lesson-media.spec.ts, so attaching a video and a download never touches the starter
 * catalogue other specs take. One lesson per attempt of the spec.
 */
export const MEDIA_COURSE: SeedCourse = {
  slug: "e2e-candle-craft",
  title: "Candle Craft Studio",
  summary: "Make and dress ritual candles, with a video and a worksheet per lesson.",
  description: "A premium workshop on candle making.",
  level: "beginner",
  category: "",
  isPremium: true,
  isFeatured: false,
  modules: [
    {
      title: "Pouring",
      lessons: [1, 2].map((attempt) => ({
        slug: `pouring-${attempt}`,
        title: `Pouring the wax, part ${attempt}`,
        minutes: 5,
        body: "Melt the wax slowly, add the wick, and let it cool away from draughts.",
      })),
    },
  ],
};
