import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { uniqueSlug } from "#app/db/unique-slug.server";
import { renderMarkdown } from "#app/lib/markdown.server";
import { viewerKey as sharedViewerKey } from "#app/lib/viewer-key.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { emitEvent } from "#app/modules/events/index.server";
import { attachMediaFile, deleteMediaFile, mediaPosterUrl } from "#app/modules/media/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { publish } from "#app/modules/realtime/index.server";
import type { VideoEmbed } from "./embed";
import {
  canAddVideo,
  canFollow,
  canModerateVideos,
  canRateVideo,
  canSeeVideo,
  publishesAtOnce,
  type FollowKind,
  type VideoActor,
  type VideoStatus,
} from "./policy";
import { videoFollows, videoRatings, videos, videoViews } from "./schema";
import "./media-access.server";

/*
 * Videos' commands (docs/ARCHITECTURE.md "Videos"). Each runs in one transaction; counters
 * (views, ratings, power score) change with the rows they count; admins' decisions are audited
 * in the same transaction; `video.published` tells followers (videos/subscribers.server.ts) and
 * the side navigation once a video is visible to everyone.
 */

export type VideoRefusal = "notFound" | "notAllowed";

export class VideoRefusedError extends Error {
  constructor(readonly reason: VideoRefusal) {
    super(`video: ${reason}`);
  }
}

/** Paths beside `/video/:slug` never needed today, kept free for later screens. */
const RESERVED_VIDEO_SLUGS = ["new", "edit", "add"] as const;

/**
 * The power score: rating- and recency-weighted views, stored so the list sorts on an index.
 * log10(1 + views) + log10(bayesian rating / 3) + published-at in weeks: a video a week newer
 * needs ten times fewer views to rank the same, and a well-rated one counts up to 5/3 of its views
 * (a poorly rated one a third). The rating is the mean with two neutral (3) votes added, so a
 * single vote moves it little. Depending on the publishing time, not on now, it never goes stale.
 */
export function powerScoreSql(parts: { views: SQL; ratingSum: SQL; ratingCount: SQL }): SQL {
  return sql`log(1 + (${parts.views})::float8)
    + log(((${parts.ratingSum}) + 6)::float8 / ((${parts.ratingCount}) + 2) / 3)
    + extract(epoch from coalesce(${videos.publishedAt}, ${videos.createdAt})) / 604800`;
}

const CURRENT = {
  views: sql`${videos.views}`,
  ratingSum: sql`${videos.ratingSum}`,
  ratingCount: sql`${videos.ratingCount}`,
};

function inTransaction<T>(work: (handle: Db) => Promise<T>): Promise<T> {
  return db().transaction((tx) => work(tx as unknown as Db));
}

/** The side navigation's Videos badge ("New") may have changed: open pages refetch the counts. */
export function videoCountsChanged(handle: Db): Promise<void> {
  return publish(handle, { to: { everyone: true }, type: "counts", data: { kind: "videos" } });
}

export interface NewVideo {
  title: string;
  description: string;
  tags: string[];
  /** A YouTube or Vimeo video, or a file the member uploaded (purpose "video"). */
  source: { embed: VideoEmbed } | { mediaFileId: string };
}

async function displayName(handle: Db, userId: string): Promise<string> {
  const [row] = await handle
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.name ?? "";
}

async function announce(
  handle: Db,
  video: { id: string; slug: string; title: string; tags: string[]; uploaderId: string },
) {
  await emitEvent(handle, {
    name: "video.published",
    videoId: video.id,
    uploaderId: video.uploaderId,
    uploaderName: await displayName(handle, video.uploaderId),
    title: video.title,
    tags: video.tags,
    url: `/video/${video.slug}`,
  });
  await videoCountsChanged(handle);
}

/** Shares a video: published at once for admins, waiting for review for everyone else. */
export async function createVideo(
  actor: VideoActor,
  input: NewVideo,
): Promise<{ id: string; slug: string; status: VideoStatus }> {
  if (!actor || !canAddVideo(actor)) throw new VideoRefusedError("notAllowed");
  const status: VideoStatus = publishesAtOnce(actor) ? "published" : "pending";
  return inTransaction(async (handle) => {
    const slug = await uniqueSlug(handle, { table: videos, column: videos.slug }, input.title, {
      maxLength: 80,
      fallback: "video",
      reserved: RESERVED_VIDEO_SLUGS,
    });
    const now = new Date();
    // An upload is adopted in this transaction (the media engine checks owner, purpose and that
    // it is ready, and throws MediaAttachError otherwise), so a refused video keeps no file.
    const file =
      "mediaFileId" in input.source
        ? await attachMediaFile(handle, {
            id: input.source.mediaFileId,
            ownerId: actor.id,
            purpose: "video",
          })
        : null;
    const embed = "embed" in input.source ? input.source.embed : null;
    const [created] = await handle
      .insert(videos)
      .values({
        slug,
        title: input.title,
        description: input.description,
        descriptionHtml: renderMarkdown(input.description),
        tags: input.tags,
        uploaderId: actor.id,
        mediaFileId: file?.id ?? null,
        durationSeconds: file?.durationSeconds ?? null,
        posterUrl: file?.posterKey ? mediaPosterUrl(file) : null,
        embedProvider: embed?.provider ?? null,
        embedId: embed?.id ?? null,
        status,
        publishedAt: status === "published" ? now : null,
        createdAt: now,
      })
      .returning({ id: videos.id, slug: videos.slug });
    if (!created) throw new Error("The video was not created.");
    await handle
      .update(videos)
      .set({ powerScore: powerScoreSql(CURRENT) })
      .where(eq(videos.id, created.id));
    if (status === "published") {
      await announce(handle, {
        ...created,
        title: input.title,
        tags: input.tags,
        uploaderId: actor.id,
      });
    }
    return { ...created, status };
  });
}

async function lockVideo(handle: Db, id: string) {
  const [row] = await handle
    .select({
      id: videos.id,
      slug: videos.slug,
      title: videos.title,
      tags: videos.tags,
      uploaderId: videos.uploaderId,
      status: videos.status,
      isActive: videos.isActive,
      publishedAt: videos.publishedAt,
      mediaFileId: videos.mediaFileId,
    })
    .from(videos)
    .where(eq(videos.id, id))
    .limit(1)
    .for("update");
  return row ?? null;
}

export type ModerationDecision = "publish" | "reject" | "hide" | "show" | "delete";

/**
 * An admin's decision: publish or reject a pending video (a rejected one may still be published),
 * hide or show a published one (`is_active`), or delete it. Audited; publishing announces it.
 * Returns the media file the deleted video used, for the caller to delete once committed.
 */
export async function moderateVideo(
  actor: VideoActor,
  videoId: string,
  decision: ModerationDecision,
): Promise<{ slug: string; deletedMediaFileId: string | null }> {
  if (!actor || !canModerateVideos(actor)) throw new VideoRefusedError("notAllowed");
  const done = await inTransaction(async (handle) => {
    const video = await lockVideo(handle, videoId);
    if (!video) throw new VideoRefusedError("notFound");
    const before = { status: video.status, isActive: video.isActive };
    let deletedMediaFileId: string | null = null;
    if (decision === "delete") {
      await handle.delete(videos).where(eq(videos.id, video.id));
      deletedMediaFileId = video.mediaFileId;
    } else if (decision === "publish") {
      if (video.status === "published") throw new VideoRefusedError("notAllowed");
      const firstTime = video.publishedAt === null;
      await handle
        .update(videos)
        .set({
          status: "published",
          publishedAt: video.publishedAt ?? new Date(),
          updatedAt: new Date(),
        })
        .where(eq(videos.id, video.id));
      await handle
        .update(videos)
        .set({ powerScore: powerScoreSql(CURRENT) })
        .where(eq(videos.id, video.id));
      if (firstTime && video.isActive) await announce(handle, video);
      else await videoCountsChanged(handle);
    } else if (decision === "reject") {
      if (video.status !== "pending") throw new VideoRefusedError("notAllowed");
      await handle
        .update(videos)
        .set({ status: "rejected", updatedAt: new Date() })
        .where(eq(videos.id, video.id));
    } else {
      await handle
        .update(videos)
        .set({ isActive: decision === "show", updatedAt: new Date() })
        .where(eq(videos.id, video.id));
      await videoCountsChanged(handle);
    }
    await recordAudit(handle, {
      actorId: actor.id,
      action: `video.${decision}`,
      targetType: "video",
      targetId: video.id,
      details: { title: video.title, before },
    });
    return { slug: video.slug, deletedMediaFileId };
  });
  // The file goes once the row that used it is gone (bytes and poster too).
  if (done.deletedMediaFileId) await deleteMediaFile(done.deletedMediaFileId);
  return done;
}

/** A member's 1–5 rating (a second one replaces the first); the sums and score follow. */
export async function rateVideo(actor: VideoActor, videoId: string, rating: number): Promise<void> {
  if (!actor) throw new VideoRefusedError("notAllowed");
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new VideoRefusedError("notAllowed");
  }
  await inTransaction(async (handle) => {
    const video = await lockVideo(handle, videoId);
    if (!video || !canSeeVideo(actor, video)) throw new VideoRefusedError("notFound");
    if (!canRateVideo(actor, video)) throw new VideoRefusedError("notAllowed");
    const [previous] = await handle
      .select({ rating: videoRatings.rating })
      .from(videoRatings)
      .where(and(eq(videoRatings.videoId, video.id), eq(videoRatings.userId, actor.id)))
      .limit(1);
    if (previous) {
      await handle
        .update(videoRatings)
        .set({ rating })
        .where(and(eq(videoRatings.videoId, video.id), eq(videoRatings.userId, actor.id)));
    } else {
      await handle.insert(videoRatings).values({ videoId: video.id, userId: actor.id, rating });
    }
    const sumDelta = rating - (previous?.rating ?? 0);
    const countDelta = previous ? 0 : 1;
    await handle
      .update(videos)
      .set({
        ratingSum: sql`${videos.ratingSum} + ${sumDelta}`,
        ratingCount: sql`${videos.ratingCount} + ${countDelta}`,
        powerScore: powerScoreSql({
          views: CURRENT.views,
          ratingSum: sql`${videos.ratingSum} + ${sumDelta}`,
          ratingCount: sql`${videos.ratingCount} + ${countDelta}`,
        }),
      })
      .where(eq(videos.id, video.id));
  });
}

/** Who is watching, as the daily view row names them (`app/lib/viewer-key.server.ts`). */
export function viewerKey(
  actor: VideoActor,
  guest: { address: string; userAgent: string },
): string {
  return sharedViewerKey("video-view", actor, guest);
}

/**
 * Counts a view of a visible, published video once per viewer per UTC day: the day's row is
 * inserted or already there. Returns whether this view counted.
 */
export async function recordView(
  videoId: string,
  key: string,
  now: Date = new Date(),
): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  return inTransaction(async (handle) => {
    const inserted = await handle
      .insert(videoViews)
      .values({ videoId, viewerKey: key, day })
      .onConflictDoNothing()
      .returning({ videoId: videoViews.videoId });
    if (inserted.length === 0) return false;
    await handle
      .update(videos)
      .set({
        views: sql`${videos.views} + 1`,
        powerScore: powerScoreSql({ ...CURRENT, views: sql`${videos.views} + 1` }),
      })
      .where(eq(videos.id, videoId));
    return true;
  });
}

/** Follows or stops following an uploader or a tag (idempotent both ways). */
export async function setFollow(
  actor: VideoActor,
  target: { kind: FollowKind; target: string },
  follow: boolean,
): Promise<void> {
  if (!actor || !canFollow(actor, target)) throw new VideoRefusedError("notAllowed");
  if (follow) {
    await db()
      .insert(videoFollows)
      .values({ followerId: actor.id, kind: target.kind, target: target.target })
      .onConflictDoNothing();
  } else {
    await db()
      .delete(videoFollows)
      .where(
        and(
          eq(videoFollows.followerId, actor.id),
          eq(videoFollows.kind, target.kind),
          eq(videoFollows.target, target.target),
        ),
      );
  }
}
