import type { Member } from "#app/modules/auth";

/*
 * Who may do what with videos (docs/ARCHITECTURE.md "Policies", "Videos").
 *
 * - Anyone (guests too) watches a published, active video.
 * - Sharing one is premium (SPEC §2 `/add-video`); admins' videos are published at once, other
 *   members' wait for an admin (pending → published | rejected).
 * - A pending, rejected or hidden video is seen by its uploader and admins only: to everyone else
 *   it does not exist (404).
 * - Members rate (1–5) and follow; admins publish, reject, hide and delete.
 */

export type VideoStatus = "pending" | "published" | "rejected";
export type EmbedProvider = "youtube" | "vimeo";
export type FollowKind = "uploader" | "tag";

export type VideoActor = Pick<Member, "id" | "isAdmin" | "isPremium"> | null;

/** What the rules read of a video. */
export interface VideoRules {
  uploaderId: string;
  status: VideoStatus;
  isActive: boolean;
}

export function canAddVideo(actor: VideoActor): boolean {
  return Boolean(actor?.isPremium || actor?.isAdmin);
}

/** Whether a new video by this actor skips the moderation queue. */
export function publishesAtOnce(actor: VideoActor): boolean {
  return Boolean(actor?.isAdmin);
}

export function isPubliclyVisible(video: Pick<VideoRules, "status" | "isActive">): boolean {
  return video.status === "published" && video.isActive;
}

export function canSeeVideo(actor: VideoActor, video: VideoRules): boolean {
  if (isPubliclyVisible(video)) return true;
  if (!actor) return false;
  return actor.isAdmin || actor.id === video.uploaderId;
}

export function canModerateVideos(actor: VideoActor): boolean {
  return Boolean(actor?.isAdmin);
}

/** Members rate published videos, not their own. */
export function canRateVideo(actor: VideoActor, video: VideoRules): boolean {
  return actor !== null && isPubliclyVisible(video) && actor.id !== video.uploaderId;
}

/** Any member follows an uploader (not themself) or a tag. */
export function canFollow(
  actor: VideoActor,
  target: { kind: FollowKind; target: string },
): boolean {
  if (!actor) return false;
  return target.kind === "tag" || target.target !== actor.id;
}
