import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ImageType, RemoteImage } from "./remote-image.server";

const EXTENSIONS: Record<ImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};
const TYPES = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type as ImageType]),
);
const FILE_NAME = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

interface Entry {
  type: ImageType;
  size: number;
  storedAt: number;
}

/**
 * Proxied images on disk (one file per address, named by its SHA-256 and typed by extension), so
 * a popular image is fetched once, not once per reader. Bounded: entries older than `maxAgeMs`
 * are fetched again, and past `maxBytes` the oldest files are deleted first. The index of what
 * is stored is read from the folder on first use and kept in memory (one process owns DATA_DIR).
 */
export function createImageCache(options: { dir: string; maxBytes: number; maxAgeMs: number }) {
  let index: Promise<Map<string, Entry>> | undefined;
  let total = 0;

  const keyOf = (url: string) => createHash("sha256").update(url).digest("hex");
  const fileOf = (key: string, type: ImageType) =>
    path.join(options.dir, `${key}.${EXTENSIONS[type]}`);

  async function load(): Promise<Map<string, Entry>> {
    await mkdir(options.dir, { recursive: true });
    const entries = new Map<string, Entry>();
    for (const name of await readdir(options.dir)) {
      const [, key, extension] = FILE_NAME.exec(name) ?? [];
      const type = extension === undefined ? undefined : TYPES[extension];
      const file = path.join(options.dir, name);
      // Leftovers of an interrupted write, or anything else that does not belong here.
      if (key === undefined || type === undefined) {
        await rm(file, { force: true });
        continue;
      }
      const info = await stat(file);
      entries.set(key, { type, size: info.size, storedAt: info.mtimeMs });
      total += info.size;
    }
    return entries;
  }

  async function remove(entries: Map<string, Entry>, key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.size;
    await rm(fileOf(key, entry.type), { force: true });
  }

  return {
    async get(url: string, now = Date.now()): Promise<RemoteImage | null> {
      const entries = await (index ??= load());
      const key = keyOf(url);
      const entry = entries.get(key);
      if (!entry) return null;
      if (now - entry.storedAt > options.maxAgeMs) {
        await remove(entries, key);
        return null;
      }
      try {
        return { type: entry.type, bytes: await readFile(fileOf(key, entry.type)) };
      } catch {
        await remove(entries, key);
        return null;
      }
    },

    async put(url: string, image: RemoteImage, now = Date.now()): Promise<void> {
      if (image.bytes.length > options.maxBytes) return;
      const entries = await (index ??= load());
      const key = keyOf(url);
      await remove(entries, key);
      // Written beside and renamed into place: a reader never sees half a file.
      const partial = path.join(options.dir, `${key}.${randomBytes(6).toString("hex")}.partial`);
      await writeFile(partial, image.bytes);
      await rename(partial, fileOf(key, image.type));
      entries.set(key, { type: image.type, size: image.bytes.length, storedAt: now });
      total += image.bytes.length;
      if (total <= options.maxBytes) return;
      const oldestFirst = [...entries.entries()].sort((a, b) => a[1].storedAt - b[1].storedAt);
      for (const [oldKey] of oldestFirst) {
        if (total <= options.maxBytes) break;
        await remove(entries, oldKey);
      }
    },

    /** Bytes stored now (for tests and the bound). */
    async size(): Promise<number> {
      await (index ??= load());
      return total;
    },
  };
}

export type ImageCache = ReturnType<typeof createImageCache>;
