/** New ritual requests a member may file in any rolling 24 hours (decision 057). */
export const PETITIONS_PER_DAY = 3;
export const PETITION_RATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Field lengths, enforced by the zod schemas for every way in. */
export const PETITION_LIMITS = {
  intention: 300,
  details: 4_000,
  names: 500,
  reason: 1_000,
  report: 6_000,
  note: 2_000,
  kindName: 80,
  kindDescription: 500,
} as const;

/** Photos a performed ritual's report may carry. */
export const PETITION_PHOTOS_MAX = 6;

/** Requests per page of the admin queue. */
export const PETITIONS_PER_PAGE = 20;
/** The queue's age filters: requests older than this many days. */
export const PETITION_AGES = ["1", "3", "7"] as const;
export type PetitionAge = (typeof PETITION_AGES)[number];

/** A request's page for its owner, for links in the list, notifications and e-mails. */
export const petitionPath = (id: string) => `/request-ritual/${id}`;
