import type { Readable } from "node:stream";

/** A byte range of a stored object, both ends included (HTTP's convention). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded media bytes live: one interface, two backends (docs/ARCHITECTURE.md "Media
 * storage and uploads"). Keys are relative paths of lowercase letters, digits, `-`, `_`, `.` and
 * `/` (`video/<uuid>`), never absolute and never with `..`.
 */
export interface MediaStorage {
  readonly kind: "disk" | "s3";
  /** Stores the local file at `localPath` under `key` (the local file is gone afterwards). */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The object's bytes, or only `range` of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /**
   * A short-lived address a browser can fetch the object from directly (S3's presigned URL),
   * or null when the bytes are served by this server (disk).
   */
  directUrl(
    key: string,
    options: { contentType: string; download?: string },
  ): Promise<string | null>;
}

const KEY = /^[a-z0-9_-][a-z0-9._-]*(\/[a-z0-9_-][a-z0-9._-]*)*$/;

/** Throws unless `key` is a well-formed storage key (no absolute paths, no `..`). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 300) throw new Error(`Invalid media storage key: ${key}`);
  return key;
}
