import { desc, ilike, or } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { profiles } from "./schema";

export const MEMBERS_PAGE = 24;

/** Members by reputation (then name), searchable by name; offset pages. One query per page. */
export async function membersByReputation(options: { search?: string; page?: number }) {
  const term = options.search?.trim().slice(0, 60);
  const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const found = await paginate(
    db()
      .select({
        slug: profiles.slug,
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        mysticalRank: profiles.mysticalRank,
        reputation: profiles.reputation,
        xpPoints: profiles.xpPoints,
        badges: profiles.mysticalBadges,
        total: totalRows(),
      })
      .from(profiles)
      .where(like ? or(ilike(profiles.displayName, like), ilike(profiles.slug, like)) : undefined)
      .orderBy(desc(profiles.reputation), profiles.displayName),
    { page: options.page ?? 1, perPage: MEMBERS_PAGE },
  );
  const { rows: members, ...page } = found;
  return { ...page, members };
}
