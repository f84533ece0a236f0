// Book Forge's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
export {
  addChapter,
  bookWithCoAuthors,
  chapterRevisions,
  createBook,
  deleteChapter,
  moveChapter,
  priceToMinor,
  renameChapter,
  restoreRevision,
  saveChapter,
  updateBookDetails,
} from "./authoring.server";
export { BookRefusedError, StaleChapterError } from "./errors";
export {
  bookById,
  bookIdBySlug,
  bookPage,
  editorBook,
  forgeBooks,
  ownsBook,
  readerChapter,
  recordBookView,
  sitemapBooks,
} from "./queries.server";
export { uploadedBookCover } from "./cover.server";
export { startBookPurchase } from "./purchase.server";
export { bookSales, type BookSales } from "./sales.server";
export { bookEpub } from "./epub.server";
export { ADMIN_BOOKS_PER_PAGE, adminBooks, hideBook, unhideBook } from "./admin.server";
export { bookRating, bookReviewsPage, deleteBookReview, saveBookReview } from "./reviews.server";
export { BOOKS_CATEGORY_SLUG, openBookDiscussion } from "./discussion.server";
export { seedDemoBook } from "./demo-book.server";
export { DEMO_BOOK } from "./demo-book";
