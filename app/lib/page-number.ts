import { z } from "zod";

/** Deepest page a numbered list shows: far past any real list, short of an offset that overflows. */
export const MAX_PAGE = 100_000;

/** A `?page=` value: a whole number from 1 to MAX_PAGE; anything else (-1, 1e309, NaN, text) is page 1. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

export function pageNumber(raw: string | null | undefined): number {
  return pageNumberSchema.parse(raw ?? undefined);
}
