import { asc, count, eq } from "drizzle-orm";
import { discussionCount, forgetCategoryPostCounts } from "#app/modules/discussions/index.server";
import { categories } from "#app/modules/discussions/schema";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { shortLived } from "#app/lib/short-lived";
import { readCookie } from "#app/i18n/detect";
import { logger } from "#app/lib/logger.server";
import { profiles } from "#app/modules/profiles/schema";
import { covenCount } from "#app/modules/covens/index.server";
import { hasNewVideos } from "#app/modules/videos/index.server";
import { activeCategories } from "#app/modules/academy/index.server";
import { canAdminister } from "#app/modules/auth";
import type { Viewer } from "#app/modules/auth/index.server";
import { SIDEBAR_COOKIE } from "./sidebar";

/** What the shell shows of the signed-in member: no e-mail, nothing private beyond their own stats. */
export interface ViewerSummary {
  id: string;
  displayName: string;
  slug: string;
  avatarUrl: string | null;
  rank: string;
  xpPoints: number;
  reputation: number;
  badges: string[];
  tier: string;
  isPremium: boolean;
  isAdmin: boolean;
  /** Whether new notifications play a short sound (a setting of the member's). */
  notificationSound: boolean;
}

export function summarizeViewer(viewer: Viewer | null): ViewerSummary | null {
  if (!viewer) return null;
  return {
    id: viewer.user.id,
    displayName: viewer.profile.displayName,
    slug: viewer.profile.slug,
    avatarUrl: viewer.profile.avatarUrl,
    rank: viewer.profile.mysticalRank,
    xpPoints: viewer.profile.xpPoints,
    reputation: viewer.profile.reputation,
    badges: viewer.profile.mysticalBadges,
    tier: viewer.tier,
    isPremium: viewer.isPremium,
    isAdmin: canAdminister(viewer.actor),
    notificationSound: viewer.profile.notificationSound,
  };
}

export type CommunityCounts = Awaited<ReturnType<typeof loadCommunityCounts>>;

/** How long one process reuses the counts; a `counts` realtime event clears them sooner. */
const COUNTS_TTL_MS = 15_000;

/**
 * Counts and categories the side navigation shows on every page (SPEC §2: Discussions and Covens badges,
 * Discussion Categories section, Community counts). Counting 100,000 posts on every request
 * would cost more than rendering the page, so each process keeps them for a few seconds and
 * drops them as soon as any process publishes a `counts` event (see forgetCommunityCounts).
 */
const keptCounts = shortLived(COUNTS_TTL_MS, () => loadCommunityCounts());

export function communityCounts(now: number = Date.now()): Promise<CommunityCounts> {
  return keptCounts.get(now);
}

/** Called by the realtime hub when discussions (or other counted content) change. */
export function forgetCommunityCounts(): void {
  keptCounts.forget();
  forgetCategoryPostCounts();
}

/** Six small queries, run in parallel. */
async function loadCommunityCounts() {
  const [memberRows, discussions, covens, newVideos, categoryList, academyCategories] =
    await Promise.all([
      db().select({ members: count() }).from(profiles),
      discussionCount(),
      covenCount(),
      hasNewVideos(),
      db()
        .select({
          slug: categories.slug,
          title: categories.title,
          premium: categories.subscriptionTierRequired,
        })
        .from(categories)
        .where(eq(categories.isActive, true))
        .orderBy(asc(categories.displayOrder), asc(categories.title)),
      // SPEC §2 footer: up to 8 active academy categories; if they fail to load, the footer shows
      // only 'The Academy' (logged, SPEC §8).
      activeCategories().catch((error: unknown) => {
        logger.warn({ err: error }, "academy categories could not be loaded");
        return [];
      }),
    ]);
  return {
    academyCategories,
    members: firstRow(memberRows, "count of members").members,
    discussions,
    covens,
    newVideos,
    categories: categoryList.map((c) => ({
      slug: c.slug,
      title: c.title,
      premium: Boolean(c.premium),
    })),
  };
}

/** The desktop sidebar starts expanded unless the member collapsed it (cookie, 7 days). */
export function sidebarOpenFromCookie(request: Request): boolean {
  return readCookie(request.headers.get("cookie"), SIDEBAR_COOKIE) !== "false";
}
