import { z } from "zod";
import { TIERS } from "#app/modules/memberships/schema";

export const memberChangeSchema = z.object({
  userId: z.uuid(),
  role: z.enum(["member", "admin", "super_admin"]).transform((r) => (r === "member" ? null : r)),
  tier: z.enum(TIERS),
});
