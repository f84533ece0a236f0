import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { checkKey, type ByteRange, type MediaStorage } from "./storage.server";

/** Media bytes as files under one folder (DATA_DIR/media by default). */
export class DiskStorage implements MediaStorage {
  readonly kind = "disk";
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...checkKey(key).split("/"));
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (error) {
      // Another file system (a mounted volume): copy, then remove the original.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      await copyFile(localPath, target);
      await unlink(localPath);
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range);
    // Opening errors (a missing file) surface here rather than mid-response.
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
    return stream;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async directUrl(): Promise<null> {
    return null;
  }
}
