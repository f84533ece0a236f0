// Discussion limits, shared by forms (browser) and validation.ts (server).
export const POST_TITLE_MIN = 5;
export const POST_TITLE_MAX = 150;
export const POST_BODY_MAX = 20_000;
export const COMMENT_MAX = 5_000;
export const REPORT_REASON_MAX = 500;
export const PAGE_SIZE = 20;
/** How deep the trending tab pages (an offset): far past what anyone scrolls, short of a costly scan. */
export const MAX_TRENDING_OFFSET = 100_000;
export const EXCERPT_LENGTH = 200;
/** Top-level comments on one page of a thread; their replies travel with them. */
export const COMMENTS_PER_PAGE = 50;
