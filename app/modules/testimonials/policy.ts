export const TESTIMONIAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

export const TESTIMONIAL_MIN = 20;
export const TESTIMONIAL_MAX = 1_500;
/** Approved testimonials per page of /testimonials. */
export const TESTIMONIALS_PER_PAGE = 12;
