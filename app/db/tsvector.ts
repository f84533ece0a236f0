import { customType } from "drizzle-orm/pg-core";

/**
 * A `tsvector` column, for full-text search documents kept as generated columns: a GIN index on
 * the column lets a match be rechecked from the stored vector instead of recomputing
 * `to_tsvector` over each candidate row's text.
 */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
