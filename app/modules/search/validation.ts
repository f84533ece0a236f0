import { z } from "zod";
import { normalizeTerm } from "./text";

/** A result click reported by the dropdown or the search page (POST /api/search/click). */
export const clickSchema = z.object({
  q: z
    .string()
    .refine((v) => normalizeTerm(v) !== null, "search.tooShort")
    .transform((v) => normalizeTerm(v)!),
  title: z.string().trim().min(1).max(200),
  // A kind of the registry or "partner"; the server checks it against the registry.
  kind: z.string().regex(/^[a-z-]{1,20}$/),
});

export type ClickInput = z.infer<typeof clickSchema>;
