/** Why a Book Forge command was refused; routes turn `reason` into `books.errors.<reason>`. */
export class BookRefusedError extends Error {
  constructor(
    readonly reason:
      | "notFound"
      | "notAllowed"
      | "coAuthorUnknown"
      | "tooManyChapters"
      | "lastChapter"
      | "alreadyOwned"
      | "notForSale",
  ) {
    super(`book refused: ${reason}`);
  }
}

/**
 * A save based on a version that is no longer the chapter's: the editor shows the text saved
 * meanwhile and lets the author reload it or keep their own on top of it.
 */
export class StaleChapterError extends Error {
  constructor(readonly current: { version: number; body: string; title: string }) {
    super("chapter changed meanwhile");
  }
}
