import { z } from "zod";

import { PAGE_BODY_MAX } from "./limits";

export const pageSchema = z.object({
  title: z.string().trim().min(2, "admin.pages.errors.titleRequired").max(120, "admin.pages.errors.titleTooLong"),
  body: z.string().trim().min(1, "admin.pages.errors.bodyRequired").max(PAGE_BODY_MAX, "admin.pages.errors.bodyTooLong"),
});
