/**
 * Sizes of the generated community (DESIGN.md "Performance budgets") and the fixed names the
 * benchmark reads back. Shared by scripts/seed-large.ts and scripts/bench.ts so they cannot drift.
 */
export const MEMBERS = 50_000;
export const POSTS = 100_000;
export const COMMENTS = 500_000;

/** The thread the benchmark renders: exactly this many published comments. */
export const KNOWN_THREAD_SLUG = "benchmark-thread-two-hundred-replies";
export const KNOWN_THREAD_COMMENTS = 200;

/**
 * Posts in the read-only categories (announcements), written by the administrator. A count that
 * is not a multiple of the page size gives the list a short last page, which the
 * queries-per-request figure compares with a full one.
 */
export const READ_ONLY_POSTS = 25;

/**
 * Every generated member shares this password (one scrypt hash for all 50,000 rows keeps the
 * seed fast), so a later figure can sign in as any of them, e.g. the first one below.
 */
export const MEMBER_PASSWORD = "bench-member-password";
export const MEMBER_EMAIL_DOMAIN = "members.bench.sanctuary.local";

/** Covens (DESIGN.md, SPEC §2): mixed visibilities, a few archived, members from the members above. */
export const COVENS = 2_000;
/** Coven and site-wide events over the past year and the next months, some recurring. */
export const EVENTS = 20_000;
/** Videos (SPEC §3): embeds by paying members, most published, for the /videos figures. */
export const VIDEOS = 2_000;

/** Academy courses (issue 12): 3 modules of 4 lessons each, a quiz closing each module. */
export const COURSES = 200;
/** Enrollments spread over the courses, a few members each with progress. */
export const ENROLLMENTS = 20_000;
