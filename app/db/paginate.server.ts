import { sql, type SQL } from "drizzle-orm";
import { pageCount, type Page } from "#app/lib/pagination";

/**
 * The column every paginated select adds as `total`: the list's row count as a window over the
 * filtered rows, so a page and its total are one query.
 */
export function totalRows(): SQL<number> {
  return sql<number>`count(*) over ()`.mapWith(Number);
}

/** A select that still takes its limit and offset, with `total: totalRows()` among its columns. */
interface PageableQuery<Row extends { total: number }> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list: `query` selects `total: totalRows()` beside its own columns and is ordered
 * (with a unique last key, so pages never overlap); this adds the limit and offset and takes the
 * total off the rows. A page past the end has no rows and a total of 0, as the window has no row
 * to ride on.
 */
export async function paginate<Row extends { total: number }>(
  query: PageableQuery<Row>,
  options: { page: number; perPage: number },
): Promise<Page<Omit<Row, "total">>> {
  const page = Math.max(1, Math.floor(options.page) || 1);
  const found = await query.limit(options.perPage).offset((page - 1) * options.perPage);
  const total = found[0]?.total ?? 0;
  return {
    rows: found.map(({ total: _total, ...row }) => row),
    total,
    page,
    pageCount: pageCount(total, options.perPage),
  };
}
