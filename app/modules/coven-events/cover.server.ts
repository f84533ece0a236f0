import { storeImage, uploadedImage } from "#app/modules/profiles/index.server";
import { EVENT_COVER, EVENT_LIMITS } from "./validation";

/** An event's cover: re-encoded by sharp (the upload engine of avatars and banners), cropped wide. */
export function storeEventCover(file: File): Promise<string> {
  return storeImage(file, {
    folder: "events",
    maxBytes: EVENT_LIMITS.coverBytes,
    resize: { width: EVENT_COVER.width, height: EVENT_COVER.height, fit: "cover" },
  });
}

/** The cover a form sent: its stored path, none, or the translation key of why it was refused. */
export function uploadedCover(form: FormData): Promise<{ url: string | null } | { error: string }> {
  return uploadedImage(form, "cover", storeEventCover, {
    size: "events.form.errors.coverTooLarge",
    type: "events.form.errors.cover",
  });
}
