import { z } from "zod";
import { idSchema } from "#app/lib/ids";

/** An admin's decision on a pending testimonial (/admin/testimonials). */
export const testimonialDecisionSchema = z.object({
  id: idSchema,
  decision: z.enum(["approve", "reject"], { error: "errors.badRequest" }),
});
