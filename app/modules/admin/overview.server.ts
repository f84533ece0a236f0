import { count, eq, inArray, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pages } from "#app/modules/pages/schema";
import { profiles } from "#app/modules/profiles/schema";
import { subscribers } from "#app/modules/memberships/schema";
import { PREMIUM_TIERS } from "#app/modules/memberships/policy";

/** Headline counts of the admin overview. */
export async function adminStats() {
  const [[members], [premium], [admins], [pageCount]] = await Promise.all([
    db().select({ n: count() }).from(profiles),
    db()
      .select({ n: count() })
      .from(subscribers)
      .where(or(eq(subscribers.subscribed, true), inArray(subscribers.subscriptionTier, [...PREMIUM_TIERS]))),
    db().select({ n: count() }).from(profiles).where(inArray(profiles.role, ["admin", "super_admin"])),
    db().select({ n: count() }).from(pages),
  ]);
  return { members: members.n, premium: premium.n, admins: admins.n, pages: pageCount.n };
}
