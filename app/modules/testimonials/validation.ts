import { z } from "zod";
import { TESTIMONIAL_MAX, TESTIMONIAL_MIN } from "./policy";

export const testimonialSchema = z.object({
  body: z
    .string({ error: "testimonials.errors.bodyRequired" })
    .trim()
    .min(1, "testimonials.errors.bodyRequired")
    .min(TESTIMONIAL_MIN, "testimonials.errors.bodyTooShort")
    .max(TESTIMONIAL_MAX, "testimonials.errors.bodyTooLong"),
  // A checkbox: present ("on") or absent.
  showName: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
