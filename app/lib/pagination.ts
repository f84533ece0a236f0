/** One page of a numbered list, as `paginate` returns it and `ui/pagination` shows it. */
export interface Page<Row> {
  rows: Row[];
  /** Rows in the whole list (0 when the page asked for lies past its end). */
  total: number;
  page: number;
  /** Pages in the whole list, at least one. */
  pageCount: number;
}

/** The number of pages for `total` rows (at least one). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
