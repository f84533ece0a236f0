// The testimonials module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  TESTIMONIAL_RATE,
  approvedTestimonials,
  decideTestimonial,
  ownLatestTestimonial,
  pendingTestimonials,
  submitTestimonial,
  type PendingTestimonial,
  type ShownTestimonial,
  type SubmitResult,
} from "./testimonials.server";
