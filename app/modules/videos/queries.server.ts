import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gt,
  inArray,
  ne,
  or,
  Param,
  sql,
  type SQL,
} from "drizzle-orm";
import { db } from "#app/db/client.server";
import { paginate, totalRows } from "#app/db/paginate.server";
import { profiles } from "#app/modules/profiles/schema";
import { canModerateVideos, canRateVideo, canSeeVideo, type VideoActor } from "./policy";
import { videoFollows, videoRatings, videos } from "./schema";
import type { VideoSort } from "./validation";

/*
 * What the videos pages read. The list is two queries per page (the videos' card columns with
 * `total` as a window, then their uploaders' names); the video page is one query for the video and its uploader, one
 * for the viewer's own rating and follows, one for related videos.
 */

export const VIDEOS_PAGE = 24;
export const RELATED_VIDEOS = 6;

const PUBLIC_VIDEO = sql`${videos.status} = 'published' and ${videos.isActive}`;

const cardColumns = {
  id: videos.id,
  slug: videos.slug,
  title: videos.title,
  embedProvider: videos.embedProvider,
  embedId: videos.embedId,
  mediaFileId: videos.mediaFileId,
  posterUrl: videos.posterUrl,
  durationSeconds: videos.durationSeconds,
  views: videos.views,
  ratingSum: videos.ratingSum,
  ratingCount: videos.ratingCount,
  publishedAt: videos.publishedAt,
  uploaderName: profiles.displayName,
};

type CardRow = {
  id: string;
  slug: string;
  title: string;
  embedProvider: "youtube" | "vimeo" | null;
  embedId: string | null;
  mediaFileId: string | null;
  posterUrl: string | null;
  durationSeconds: number | null;
  views: number;
  ratingSum: number;
  ratingCount: number;
  publishedAt: Date | null;
  uploaderName: string | null;
};

export interface VideoCard {
  slug: string;
  title: string;
  /** A same-site poster address, or null (embeds show the provider's mark, no remote image). */
  posterUrl: string | null;
  provider: "youtube" | "vimeo" | null;
  durationSeconds: number | null;
  views: number;
  /** Mean rating, one decimal, or null before the first. */
  rating: number | null;
  ratingCount: number;
  publishedAt: string | null;
  uploaderName: string;
}

function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

function toCard(row: CardRow): VideoCard {
  return {
    slug: row.slug,
    title: row.title,
    posterUrl: row.posterUrl,
    provider: row.embedProvider,
    durationSeconds: row.durationSeconds,
    views: row.views,
    rating: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    uploaderName: row.uploaderName ?? "",
  };
}

const ORDERS: Record<VideoSort, SQL[]> = {
  newest: [sql`${videos.publishedAt} desc`, sql`${videos.id}`],
  views: [sql`${videos.views} desc`, sql`${videos.id}`],
  rating: [
    sql`(${videos.ratingSum}::float8 / nullif(${videos.ratingCount}, 0)) desc nulls last`,
    sql`${videos.ratingCount} desc`,
    sql`${videos.id}`,
  ],
  power: [sql`${videos.powerScore} desc`, sql`${videos.id}`],
};

/**
 * `/videos`: published, active videos, by tag, in one of four orders. Two queries: the page of
 * videos with the total as a window (over the videos alone: joined first, the window made every
 * page join all 2,000 uploaders' profiles), then the names of the page's uploaders.
 */
export async function listVideos(query: { tag: string; sort: VideoSort }, page: number) {
  const where = query.tag
    ? and(PUBLIC_VIDEO, arrayContains(videos.tags, [query.tag]))
    : PUBLIC_VIDEO;
  const { uploaderName, ...videoColumns } = cardColumns;
  void uploaderName;
  const result = await paginate(
    db()
      .select({ ...videoColumns, uploaderId: videos.uploaderId, total: totalRows() })
      .from(videos)
      .where(where)
      .orderBy(...ORDERS[query.sort]),
    { page, perPage: VIDEOS_PAGE },
  );
  const names = await uploaderNames(result.rows.map((row) => row.uploaderId));
  return {
    ...result,
    rows: result.rows.map((row) =>
      toCard({ ...row, uploaderName: names.get(row.uploaderId) ?? null }),
    ),
  };
}

/** Display names of the members given (one query; asked even for none, so a page's count holds). */
async function uploaderNames(ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db()
    .select({ userId: profiles.userId, name: profiles.displayName })
    .from(profiles)
    .where(sql`${profiles.userId} = any(${new Param([...new Set(ids)])}::uuid[])`);
  return new Map(rows.map((row) => [row.userId, row.name]));
}

/** The video at `slug` as the actor may see it, or null (also when they may not). */
export async function videoBySlug(actor: VideoActor, slug: string) {
  const [row] = await db()
    .select({
      ...cardColumns,
      description: videos.description,
      descriptionHtml: videos.descriptionHtml,
      posterUrl: videos.posterUrl,
      tags: videos.tags,
      status: videos.status,
      isActive: videos.isActive,
      uploaderId: videos.uploaderId,
      uploaderSlug: profiles.slug,
      createdAt: videos.createdAt,
    })
    .from(videos)
    .leftJoin(profiles, eq(profiles.userId, videos.uploaderId))
    .where(eq(videos.slug, slug))
    .limit(1);
  if (!row || !canSeeVideo(actor, row)) return null;
  return row;
}

export type VideoRow = NonNullable<Awaited<ReturnType<typeof videoBySlug>>>;

/** The viewer's own rating and whether they follow the uploader and each tag (two reads at once). */
export async function viewerVideoState(
  actor: VideoActor,
  video: Pick<VideoRow, "id" | "uploaderId" | "tags">,
) {
  if (!actor) return { myRating: null, followsUploader: false, followedTags: [] as string[] };
  const [follows, ratings] = await Promise.all([
    db()
      .select({ kind: videoFollows.kind, target: videoFollows.target })
      .from(videoFollows)
      .where(
        and(
          eq(videoFollows.followerId, actor.id),
          or(
            and(eq(videoFollows.kind, "uploader"), eq(videoFollows.target, video.uploaderId)),
            video.tags.length
              ? and(eq(videoFollows.kind, "tag"), inArray(videoFollows.target, video.tags))
              : undefined,
          ),
        ),
      ),
    db()
      .select({ rating: videoRatings.rating })
      .from(videoRatings)
      .where(and(eq(videoRatings.videoId, video.id), eq(videoRatings.userId, actor.id)))
      .limit(1),
  ]);
  return {
    myRating: ratings[0]?.rating ?? null,
    followsUploader: follows.some((r) => r.kind === "uploader"),
    followedTags: follows.filter((r) => r.kind === "tag").map((r) => r.target),
  };
}

/** Up to six other public videos sharing a tag (most viewed first), else the newest. */
export async function relatedVideos(video: Pick<VideoRow, "id" | "tags">): Promise<VideoCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(videos)
    .leftJoin(profiles, eq(profiles.userId, videos.uploaderId))
    .where(and(PUBLIC_VIDEO, ne(videos.id, video.id)))
    .orderBy(
      video.tags.length ? desc(arrayOverlaps(videos.tags, video.tags)) : sql`1`,
      desc(videos.powerScore),
      asc(videos.id),
    )
    .limit(RELATED_VIDEOS);
  return rows.map(toCard);
}

/** The flags the video page shows, from the policy. */
export function videoPermissions(actor: VideoActor, video: VideoRow) {
  return {
    canRate: canRateVideo(actor, video),
    canModerate: canModerateVideos(actor),
    canFollowUploader: actor !== null && actor.id !== video.uploaderId,
    canFollowTags: actor !== null,
  };
}

/** Admin moderation: the videos waiting for review, oldest first (at most 100). */
export async function pendingVideos() {
  return db()
    .select({
      id: videos.id,
      slug: videos.slug,
      title: videos.title,
      tags: videos.tags,
      embedProvider: videos.embedProvider,
      createdAt: videos.createdAt,
      uploaderName: profiles.displayName,
    })
    .from(videos)
    .leftJoin(profiles, eq(profiles.userId, videos.uploaderId))
    .where(eq(videos.status, "pending"))
    .orderBy(asc(videos.createdAt), asc(videos.id))
    .limit(100);
}

/** The side navigation's 'New' (SPEC §2/§9): an active video published in the last seven days. */
/** Published, active videos: the library's size for the site figures (pages/figures.server.ts). */
export async function publishedVideoCount(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(videos)
    .where(PUBLIC_VIDEO);
  return row?.count ?? 0;
}

export async function hasNewVideos(now: Date = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const [row] = await db()
    .select({ id: videos.id })
    .from(videos)
    .where(and(PUBLIC_VIDEO, gt(videos.publishedAt, since)))
    .limit(1);
  return row !== undefined;
}
