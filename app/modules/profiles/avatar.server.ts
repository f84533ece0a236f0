import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { config } from "#app/lib/config.server";
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from "./limits";

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export class ImageRejectedError extends Error {
  constructor(readonly reason: "type" | "size") {
    super(reason);
  }
}

/**
 * Stores an uploaded image under DATA_DIR/uploads/<folder>, re-encoded by sharp (which also drops
 * metadata and anything that is not an image), and returns its public path.
 */
export async function storeImage(
  file: File,
  options: {
    folder: string;
    maxBytes: number;
    resize?: { width: number; height: number; fit: "cover" | "inside" };
    format?: "webp" | "png";
  },
): Promise<string> {
  if (!IMAGE_TYPES.includes(file.type)) throw new ImageRejectedError("type");
  if (file.size > options.maxBytes) throw new ImageRejectedError("size");
  // Loaded on the first upload: libvips costs the process tens of megabytes of memory, and most
  // processes (a worker, a server between uploads) never resize an image.
  const { default: sharp } = await import("sharp");
  let image = sharp(Buffer.from(await file.arrayBuffer()), { animated: false });
  try {
    await image.metadata();
  } catch {
    throw new ImageRejectedError("type");
  }
  if (options.resize)
    image = image.resize(options.resize.width, options.resize.height, {
      fit: options.resize.fit,
      withoutEnlargement: options.resize.fit === "inside",
    });
  const format = options.format ?? "webp";
  const buffer =
    format === "png" ? await image.png().toBuffer() : await image.webp({ quality: 85 }).toBuffer();
  const directory = path.resolve(config().DATA_DIR, "uploads", options.folder);
  await mkdir(directory, { recursive: true });
  const name = `${randomUUID()}.${format}`;
  await writeFile(path.join(directory, name), buffer);
  return `/uploads/${options.folder}/${name}`;
}

/** A square avatar, 256 px, cropped to the centre. */
export function storeAvatar(file: File): Promise<string> {
  return storeImage(file, {
    folder: "avatars",
    maxBytes: AVATAR_MAX_BYTES,
    resize: { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" },
  });
}

/**
 * The image a form's file field sent, stored with `store`: its public path, none (no file
 * chosen), or the translation key of why it was refused. Called after the text fields passed,
 * so a refused form stores nothing.
 */
export async function uploadedImage(
  form: FormData,
  field: string,
  store: (file: File) => Promise<string>,
  errors: Record<ImageRejectedError["reason"], string>,
): Promise<{ url: string | null } | { error: string }> {
  const file = form.get(field);
  if (!(file instanceof File) || file.size === 0) return { url: null };
  try {
    return { url: await store(file) };
  } catch (error) {
    if (error instanceof ImageRejectedError) return { error: errors[error.reason] };
    throw error;
  }
}
