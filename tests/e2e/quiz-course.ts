import type { SeedCourse } from "#app/modules/academy/index.server";

/**
 * A free course whose lessons have no quiz yet, written by tests/e2e/seed-long-thread.ts for
 * tests/e2e/academy-quiz.spec.ts, so building a quiz never touches the starter catalogue other
 * specs take. One lesson per attempt of the spec (a retry builds its quiz on the next one).
 */
export const QUIZ_COURSE: SeedCourse = {
  slug: "e2e-moon-phases",
  title: "Moon Phases Workshop",
  summary: "Learn the eight phases of the moon, then test yourself.",
  description: "A short workshop on the lunar cycle.",
  level: "beginner",
  category: "",
  isPremium: false,
  isFeatured: false,
  modules: [
    {
      title: "The lunar cycle",
      lessons: [1, 2].map((attempt) => ({
        slug: `phases-${attempt}`,
        title: `The phases, part ${attempt}`,
        minutes: 5,
        body: "The moon waxes from new to full, then wanes back to new, in about 29.5 days.",
      })),
    },
  ],
};
