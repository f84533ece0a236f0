import { storeImage, uploadedImage } from "#app/modules/profiles/index.server";
import { BOOK_COVER, BOOK_LIMITS } from "./types";

/** A book's cover: re-encoded and cropped to 2:3 by sharp (the image engine of article covers). */
function storeBookCover(file: File): Promise<string> {
  return storeImage(file, {
    folder: "books",
    maxBytes: BOOK_LIMITS.coverBytes,
    resize: { width: BOOK_COVER.width, height: BOOK_COVER.height, fit: "cover" },
  });
}

/** The cover the details form sent: its stored path, none, or the translation key of the refusal. */
export function uploadedBookCover(
  form: FormData,
): Promise<{ url: string | null } | { error: string }> {
  return uploadedImage(form, "cover", storeBookCover, {
    size: "books.errors.coverTooLarge",
    type: "books.errors.coverType",
  });
}
