import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { slugify } from "#app/modules/profiles";
import type { Db } from "./client.server";

/**
 * A slug for a new row of any content type (discussion, coven, …): from its title in any script,
 * made unique with a short random suffix when the plain one is taken. The column's unique
 * constraint stays the guard against two rows made at the same instant.
 */
export async function uniqueSlug(
  handle: Db,
  target: { table: PgTable; column: PgColumn },
  title: string,
  options: { maxLength: number; fallback: string; reserved?: readonly string[] },
): Promise<string> {
  const base = slugify(title, options.maxLength, options.fallback);
  // A slug that is also a fixed path beside it (`/covens/create`) always gets a suffix.
  if (options.reserved?.includes(base)) return `${base}-${randomBytes(3).toString("hex")}`;
  const [taken] = await handle
    .select({ slug: target.column })
    .from(target.table)
    .where(eq(target.column, base))
    .limit(1);
  return taken ? `${base}-${randomBytes(3).toString("hex")}` : base;
}
