import { storeImage, uploadedImage } from "#app/modules/profiles/index.server";
import { ARTICLE_COVER, ARTICLE_LIMITS } from "./types";

/** An article's cover: re-encoded by sharp (the image engine of avatars and course covers), 16:9. */
function storeArticleCover(file: File): Promise<string> {
  return storeImage(file, {
    folder: "articles",
    maxBytes: ARTICLE_LIMITS.coverBytes,
    resize: { width: ARTICLE_COVER.width, height: ARTICLE_COVER.height, fit: "cover" },
  });
}

/** The cover the article form sent: its stored path, none, or the translation key of the refusal. */
export function uploadedArticleCover(
  form: FormData,
): Promise<{ url: string | null } | { error: string }> {
  return uploadedImage(form, "cover", storeArticleCover, {
    size: "library.errors.coverTooLarge",
    type: "library.errors.coverType",
  });
}
