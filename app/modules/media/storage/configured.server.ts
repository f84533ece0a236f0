import path from "node:path";
import { config } from "#app/lib/config.server";
import { DiskStorage } from "./disk.server";
import { S3Storage } from "./s3.server";
import type { MediaStorage } from "./storage.server";

let current: MediaStorage | undefined;

/** The media storage this process uses: the S3 bucket when S3_ENDPOINT is set, else DATA_DIR/media. */
export function mediaStorage(): MediaStorage {
  if (!current) {
    const cfg = config();
    current =
      cfg.S3_ENDPOINT && cfg.S3_BUCKET && cfg.S3_ACCESS_KEY_ID && cfg.S3_SECRET_ACCESS_KEY
        ? new S3Storage({
            endpoint: cfg.S3_ENDPOINT,
            bucket: cfg.S3_BUCKET,
            region: cfg.S3_REGION,
            accessKeyId: cfg.S3_ACCESS_KEY_ID,
            secretAccessKey: cfg.S3_SECRET_ACCESS_KEY,
          })
        : new DiskStorage(path.resolve(cfg.DATA_DIR, "media"));
  }
  return current;
}

/** Replaces the storage (tests run the same code against the S3-compatible test server). */
export function useMediaStorage(storage: MediaStorage | undefined): void {
  current = storage;
}

/** Where resumable uploads are written while they run, before they move into the storage. */
export function uploadStagingDir(): string {
  return path.resolve(config().DATA_DIR, "media-uploads");
}
