// What code outside the media module may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  ARCHIVE_TYPES,
  AUDIO_TYPES,
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  MEDIA_PURPOSES,
  UPLOADS_PATH,
  VIDEO_TYPES,
  isVideoType,
  mayUploadPurpose,
  mediaFileUrl,
  mediaPosterUrl,
  mediaPurpose,
  type MediaPurpose,
  type MediaPurposeName,
  type MediaStatus,
  type MediaType,
} from "./purposes";
export { fileKind, formatSize } from "./format";
export type { MediaFile } from "./schema";
