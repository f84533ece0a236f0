import { z } from "zod";
import { EXPERIMENT_IDS } from "./policy";

/** A click on a tested element (POST /api/ab-tests/click): JSON answers, no texts. */
export const experimentClickSchema = z.object({
  testId: z.enum(EXPERIMENT_IDS as [string, ...string[]]),
});
