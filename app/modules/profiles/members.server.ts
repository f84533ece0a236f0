import { desc, ilike, or, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { profiles } from "./schema";

export const MEMBERS_PAGE = 24;

/** Members by reputation (then name), searchable by name; offset pages. One query per page. */
export async function membersByReputation(options: { search?: string; page?: number }) {
  const page = Math.max(1, options.page ?? 1);
  const term = options.search?.trim().slice(0, 60);
  const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db()
    .select({
      slug: profiles.slug,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      mysticalRank: profiles.mysticalRank,
      reputation: profiles.reputation,
      xpPoints: profiles.xpPoints,
      badges: profiles.mysticalBadges,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(profiles)
    .where(like ? or(ilike(profiles.displayName, like), ilike(profiles.slug, like)) : undefined)
    .orderBy(desc(profiles.reputation), profiles.displayName)
    .limit(MEMBERS_PAGE)
    .offset((page - 1) * MEMBERS_PAGE);
  const total = rows[0]?.total ?? 0;
  return {
    members: rows.map(({ total: _t, ...m }) => m),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / MEMBERS_PAGE)),
  };
}
