// The media module's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export { createImageProxy } from "./image-proxy.server";
export { proxiedImageSrc, withProxiedSiteImages } from "./proxy-url.server";
export {
  MediaAttachError,
  attachMediaFile,
  deleteMediaFile,
  getMediaFile,
  isMediaFileId,
  mayReceiveMedia,
  registerMediaAccess,
  sweepUnattachedMedia,
  type AttachProblem,
  type MediaAccessRule,
  type MediaFile,
} from "./media-files.server";
export { mediaFileUrl, mediaPosterUrl } from "./purposes";
export { MEDIA_FILES_PATH, parseRange, serveMediaFile } from "./serve.server";
export { handleUpload, removeStagedUpload, uploadMaxBytes } from "./uploads.server";
export { mediaSweepTask } from "./sweep-task.server";
export { mediaStorage, useMediaStorage } from "./storage/configured.server";
export { DiskStorage } from "./storage/disk.server";
export { S3Storage, type S3Settings } from "./storage/s3.server";
export type { ByteRange, MediaStorage } from "./storage/storage.server";
export { ffmpegBinary, forgetFfmpeg, probeVideo } from "./ffmpeg.server";
