import { z } from "zod";

/**
 * A category as the admins' form sends it (app/routes/admin/categories.tsx). Apart from the
 * members' forms of validation.ts, so that their pages do not need the admin texts its messages name.
 */
export const categorySchema = z.object({
  title: z.string().trim().min(2, "admin.categories.errors.titleRequired").max(80),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(2, "admin.categories.errors.slugInvalid")
    .max(60)
    .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, "admin.categories.errors.slugInvalid"),
  description: z.string().trim().max(300).default(""),
  displayOrder: z.coerce.number().int().min(0).max(10_000).default(0),
  isActive: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  isReadOnly: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
  premium: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
});
