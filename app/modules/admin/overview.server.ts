import { count, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { pages } from "#app/modules/pages/schema";
import { profiles } from "#app/modules/profiles/schema";
import { membershipCounts } from "./revenue.server";
import { ADMIN_ROLES } from "#app/modules/auth";

/**
 * Headline counts of the admin overview. Full members are split by how they hold the
 * membership: paying (a paid subscription), granted by hand, lifetime; only the first pays.
 */
export async function adminStats() {
  const [memberRows, memberships, adminRows, pageRows] = await Promise.all([
    db().select({ n: count() }).from(profiles),
    membershipCounts(),
    db()
      .select({ n: count() })
      .from(profiles)
      .where(inArray(profiles.role, [...ADMIN_ROLES])),
    db().select({ n: count() }).from(pages),
  ]);
  return {
    members: firstRow(memberRows, "count of members").n,
    ...memberships,
    admins: firstRow(adminRows, "count of admins").n,
    pages: firstRow(pageRows, "count of pages").n,
  };
}
