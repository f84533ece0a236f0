import { isAdminRole, type Actor, type Member } from "#app/modules/auth";
import { hasPremiumAccess, type Tier } from "#app/modules/memberships";
import type { Role } from "#app/modules/profiles";

/** A member as viewer.server.ts builds the actor (same derivation of isAdmin and isPremium). */
export function memberActor(
  id: string,
  options: { role?: Role | null; tier?: Tier; subscribed?: boolean } = {},
): Member {
  const role = options.role ?? null;
  const tier = options.tier ?? "free";
  return {
    id,
    role,
    tier,
    isAdmin: isAdminRole(role),
    isPremium: hasPremiumAccess({ role, tier, subscribed: options.subscribed ?? false }),
  };
}

/** The actors every policy table is checked against. */
export const actors = {
  guest: null as Actor,
  member: memberActor("member"),
  premium: memberActor("premium", { tier: "full", subscribed: true }),
  lifetime: memberActor("lifetime", { tier: "lifetime" }),
  author: memberActor("author"),
  admin: memberActor("admin", { role: "admin" }),
  superAdmin: memberActor("super", { role: "super_admin" }),
};
export type ActorName = keyof typeof actors;
