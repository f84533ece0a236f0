export const PAGE_BODY_MAX = 50_000;
