import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { notify } from "#app/modules/notifications/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { reputationEvents } from "./schema";
import { AWARDS, badgesFor, rankForXp, type AwardKind } from "./rules";

/** A transaction: awards run in the job that handles the event (reputation/subscribers.server.ts). */
type Tx = Db;

/**
 * Awards XP and reputation for one contribution, once per (member, kind, source), then updates
 * rank and badges and sends an `achievement` notification for a new rank or badge.
 */
export async function award(
  tx: Tx,
  userId: string,
  kind: AwardKind,
  sourceId: string,
): Promise<void> {
  const { xp, reputation } = AWARDS[kind];
  const inserted = await tx
    .insert(reputationEvents)
    .values({ userId, kind, sourceId, xp, reputation })
    .onConflictDoNothing()
    .returning({ id: reputationEvents.id });
  if (inserted.length === 0) return;
  const [profile] = await tx
    .update(profiles)
    .set({
      xpPoints: sql`${profiles.xpPoints} + ${xp}`,
      reputation: sql`${profiles.reputation} + ${reputation}`,
    })
    .where(eq(profiles.userId, userId))
    .returning({
      xp: profiles.xpPoints,
      rank: profiles.mysticalRank,
      badges: profiles.mysticalBadges,
      language: profiles.language,
    });
  if (!profile) return;
  await refreshRankAndBadges(tx, userId, profile);
}

async function refreshRankAndBadges(
  tx: Tx,
  userId: string,
  profile: {
    xp: number;
    rank: (typeof profiles.$inferSelect)["mysticalRank"];
    badges: string[];
    language: string | null;
  },
) {
  // One statement: a transaction is one connection, which runs one query at a time anyway.
  const rows = await tx
    .select({
      // The ledger, not the discussion tables: a post or comment counts once it has earned its award.
      posts:
        sql<number>`(select count(*) from ${reputationEvents} where ${reputationEvents.userId} = ${userId} and ${reputationEvents.kind} = 'post_published')`.mapWith(
          Number,
        ),
      comments:
        sql<number>`(select count(*) from ${reputationEvents} where ${reputationEvents.userId} = ${userId} and ${reputationEvents.kind} = 'comment_published')`.mapWith(
          Number,
        ),
      reactions:
        sql<number>`(select count(*) from ${reputationEvents} where ${reputationEvents.userId} = ${userId} and ${reputationEvents.kind} = 'reaction_received')`.mapWith(
          Number,
        ),
      accepted:
        sql<number>`(select count(*) from ${reputationEvents} where ${reputationEvents.userId} = ${userId} and ${reputationEvents.kind} = 'answer_accepted')`.mapWith(
          Number,
        ),
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  // The caller has just updated this member's profile in the same transaction.
  const tally = firstRow(rows, "reputation tally");
  const earned = badgesFor({
    posts: tally.posts,
    comments: tally.comments,
    reactionsReceived: tally.reactions,
    acceptedAnswers: tally.accepted,
  });
  const newBadges = earned.filter((b) => !profile.badges.includes(b));
  const rank = rankForXp(profile.xp, profile.rank);
  if (newBadges.length === 0 && rank === profile.rank) return;
  await tx
    .update(profiles)
    .set({ mysticalRank: rank, mysticalBadges: [...profile.badges, ...newBadges] })
    .where(eq(profiles.userId, userId));
  if (rank !== profile.rank)
    await notify(tx, { userId, content: { kind: "rank", rank }, actionUrl: "/dashboard" });
  for (const badge of newBadges)
    await notify(tx, { userId, content: { kind: "badge", badge }, actionUrl: "/dashboard" });
}
