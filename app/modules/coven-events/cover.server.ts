import { ImageRejectedError, storeImage } from "#app/modules/profiles/index.server";
import { EVENT_COVER, EVENT_LIMITS } from "./validation";

/** An event's cover: re-encoded by sharp (the upload engine of avatars and banners), cropped wide. */
export function storeEventCover(file: File): Promise<string> {
  return storeImage(file, {
    folder: "events",
    maxBytes: EVENT_LIMITS.coverBytes,
    resize: { width: EVENT_COVER.width, height: EVENT_COVER.height, fit: "cover" },
  });
}

/**
 * The cover a form sent: its stored path, none (no file chosen), or the translation key of why it
 * was refused. Called after the text fields passed, so a refused form stores nothing.
 */
export async function uploadedCover(
  form: FormData,
): Promise<{ url: string | null } | { error: string }> {
  const file = form.get("cover");
  if (!(file instanceof File) || file.size === 0) return { url: null };
  try {
    return { url: await storeEventCover(file) };
  } catch (error) {
    if (error instanceof ImageRejectedError)
      return {
        error:
          error.reason === "size" ? "events.form.errors.coverTooLarge" : "events.form.errors.cover",
      };
    throw error;
  }
}
