/**
 * The one row a statement must give back: an `INSERT … RETURNING` or `UPDATE … RETURNING` that
 * just wrote it, or an aggregate such as `count(*)`, which always has a row. An empty result here
 * is a broken assumption, not a missing thing, so it throws (naming `what`) instead of letting
 * `undefined` travel on.
 */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`Expected a row back: ${what}`);
  return row;
}
