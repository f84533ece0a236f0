/**
 * What members may upload through the resumable upload endpoint, per purpose: the types the bytes
 * must be (checked by their signature once the upload is complete, never by the name), the
 * largest file, and who may upload. Browser-safe: the upload component builds its `accept` and
 * size check from the same table the server enforces.
 */
export type MediaStatus = "uploading" | "ready";

export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/ogg", "video/quicktime"] as const;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const DOCUMENT_TYPES = ["application/pdf"] as const;
/** E-books and archives, offered for download only. */
export const ARCHIVE_TYPES = ["application/epub+zip", "application/zip"] as const;
export const AUDIO_TYPES = [
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "audio/flac",
  "audio/mp4",
] as const;
export type MediaType =
  | (typeof VIDEO_TYPES)[number]
  | (typeof IMAGE_TYPES)[number]
  | (typeof DOCUMENT_TYPES)[number]
  | (typeof ARCHIVE_TYPES)[number]
  | (typeof AUDIO_TYPES)[number];

/** Who may start an upload of a purpose; admins may always. */
export type Uploader = "member" | "premium" | "admin";

export interface MediaPurpose {
  types: readonly MediaType[];
  /** The largest file; the server's UPLOAD_MAX_BYTES caps it in any case. */
  maxBytes: number;
  uploader: Uploader;
  /** The message shown when the bytes are not one of `types` (a translation key). */
  wrongTypeMessage: string;
}

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

export const MEDIA_PURPOSES = {
  /** A member's video (/add-video). */
  video: {
    types: VIDEO_TYPES,
    maxBytes: 2 * GB,
    uploader: "premium",
    wrongTypeMessage: "media.errors.notVideo",
  },
  /** A poster image chosen for a video instead of the frame taken from it. */
  "video-poster": {
    types: IMAGE_TYPES,
    maxBytes: 10 * MB,
    uploader: "premium",
    wrongTypeMessage: "media.errors.notImage",
  },
  /** A lesson's video (academy, admins). */
  "lesson-video": {
    types: VIDEO_TYPES,
    maxBytes: 2 * GB,
    uploader: "admin",
    wrongTypeMessage: "media.errors.notVideo",
  },
  /** A photo of a performed ritual, for the member who asked for it (petitions, admins). */
  "petition-photo": {
    types: IMAGE_TYPES,
    maxBytes: 15 * MB,
    uploader: "admin",
    wrongTypeMessage: "media.errors.notImage",
  },
  /** A lesson's downloadable file: a PDF, an e-book, a ZIP archive, an image or a sound. */
  "lesson-file": {
    types: [...DOCUMENT_TYPES, ...ARCHIVE_TYPES, ...IMAGE_TYPES, ...AUDIO_TYPES],
    maxBytes: 500 * MB,
    uploader: "admin",
    wrongTypeMessage: "media.errors.wrongType",
  },
} as const satisfies Record<string, MediaPurpose>;

export type MediaPurposeName = keyof typeof MEDIA_PURPOSES;

export function mediaPurpose(name: string): MediaPurpose | null {
  return Object.hasOwn(MEDIA_PURPOSES, name) ? MEDIA_PURPOSES[name as MediaPurposeName] : null;
}

export const isVideoType = (type: string): boolean =>
  (VIDEO_TYPES as readonly string[]).includes(type);

/** Whether a member with these rights may upload files of this purpose. */
export function mayUploadPurpose(
  purpose: MediaPurpose,
  member: { isPremium: boolean; isAdmin: boolean },
): boolean {
  if (member.isAdmin) return true;
  if (purpose.uploader === "admin") return false;
  return purpose.uploader === "member" || member.isPremium;
}

/** The address a browser fetches a file from (the serving route checks who may). */
export const mediaFileUrl = (file: { id: string }): string => `/media/files/${file.id}`;
/** The poster image of a video file (404 when it has none). */
export const mediaPosterUrl = (file: { id: string }): string => `/media/files/${file.id}/poster`;

/** Where the resumable upload endpoint is mounted (tus). */
export const UPLOADS_PATH = "/api/uploads";
