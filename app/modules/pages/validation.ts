import { z } from "zod";

import { PAGE_BODY_MAX } from "./limits";

// A field missing from the form (a hand-made request) gets the same translated message as an
// empty one, not zod's English "expected string, received undefined".
export const pageSchema = z.object({
  title: z
    .string({ error: "admin.pages.errors.titleRequired" })
    .trim()
    .min(2, "admin.pages.errors.titleRequired")
    .max(120, "admin.pages.errors.titleTooLong"),
  body: z
    .string({ error: "admin.pages.errors.bodyRequired" })
    .trim()
    .min(1, "admin.pages.errors.bodyRequired")
    .max(PAGE_BODY_MAX, "admin.pages.errors.bodyTooLong"),
});
