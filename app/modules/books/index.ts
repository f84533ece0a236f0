// What code outside Book Forge may import from it; safe in the browser (docs/ARCHITECTURE.md
// "Module entries"). Server code: ./index.server.ts.
export {
  SAMPLE_POSITION,
  canBuy,
  canEditBook,
  canReadChapter,
  canReadWhole,
  canReviewBook,
  canSeeBook,
  canWriteBooks,
  isListed,
  type BookRules,
} from "./policy";
export {
  BOOK_COVER,
  BOOK_LIMITS,
  BOOK_STATUSES,
  BUYERS_PER_PAGE,
  REVIEWS_PER_PAGE,
  SALES_PERIODS,
  isBookStatus,
  type BookStatus,
  type SalesPeriod,
} from "./types";
