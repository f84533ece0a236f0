import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { TIERS } from "#app/modules/memberships/schema";
import { ROLES } from "#app/modules/profiles";

export const memberChangeSchema = z.object({
  userId: idSchema,
  role: z.enum(["member", ...ROLES]).transform((r) => (r === "member" ? null : r)),
  tier: z.enum(TIERS),
});
