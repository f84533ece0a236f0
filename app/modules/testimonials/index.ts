// What code outside the testimonials module may import from it; safe in the browser
// (docs/ARCHITECTURE.md "Module entries"). Server code: ./index.server.ts.
export {
  TESTIMONIALS_PER_PAGE,
  TESTIMONIAL_MAX,
  TESTIMONIAL_MIN,
  TESTIMONIAL_STATUSES,
  type TestimonialStatus,
} from "./policy";
