import { asc, count, eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { recordAudit } from "#app/modules/audit/index.server";
import { NotAllowedError, type Actor } from "#app/modules/auth";
import { CATALOGUES, POPULAR_POWERS, type Catalogue } from "./catalogues";
import { dailyAngels, dailyDemons, dailyElenthosSpirits } from "./schema";
import { SEED_SPIRITS } from "./seed-content";
import type { SpiritFields } from "./validation";

/** The table of each catalogue: the one place that maps a catalogue's name to its table. */
export const CATALOGUE_TABLES = {
  demons: dailyDemons,
  angels: dailyAngels,
  elenthos: dailyElenthosSpirits,
} as const;

export interface Spirit {
  id: string;
  name: string;
  description: string;
  positivePowers: string[];
}

const columns = (catalogue: Catalogue) => {
  const table = CATALOGUE_TABLES[catalogue];
  return {
    id: table.id,
    name: table.name,
    description: table.description,
    positivePowers: table.positivePowers,
  };
};

/** Days since 1970-01-01 of the date's UTC day: the same number for everyone that day. */
export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}

/**
 * The spirit of the day of a catalogue: the same for everyone on a given (UTC) date, and the next
 * one in the catalogue's order the day after, round and round (`created_at`, then id). Null for
 * an empty catalogue. Two statements: the count, then one row at its offset.
 */
export async function spiritOfTheDay(catalogue: Catalogue, date: Date = new Date()) {
  const table = CATALOGUE_TABLES[catalogue];
  const { total } = firstRow(await db().select({ total: count() }).from(table), "spirit count");
  if (total === 0) return null;
  const [spirit] = await db()
    .select(columns(catalogue))
    .from(table)
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(1)
    .offset(dayNumber(date) % total);
  return spirit ?? null;
}

/** The three spirits of the day (dashboard and home). */
export async function spiritsOfTheDay(date: Date = new Date()) {
  const entries = await Promise.all(
    CATALOGUES.map(
      async (catalogue) => [catalogue, await spiritOfTheDay(catalogue, date)] as const,
    ),
  );
  return entries.filter((entry): entry is [Catalogue, Spirit] => entry[1] !== null);
}

/** A whole catalogue in its order (`/media`, the admin list); catalogues are a few hundred rows. */
export async function catalogueSpirits(catalogue: Catalogue): Promise<Spirit[]> {
  const table = CATALOGUE_TABLES[catalogue];
  return db().select(columns(catalogue)).from(table).orderBy(asc(table.createdAt), asc(table.id));
}

/** SPEC §9: the 20 powers most spirits hold across the three catalogues, most common first. */
export async function popularPowers(
  limit: number = POPULAR_POWERS,
): Promise<Array<{ power: string; spirits: number }>> {
  const unnested = sql.join(
    CATALOGUES.map(
      (c) =>
        sql`select unnest(${CATALOGUE_TABLES[c].positivePowers}) as power from ${CATALOGUE_TABLES[c]}`,
    ),
    sql` union all `,
  );
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`.
  const { rows } = (await db().execute(
    sql`select lower(power) as power, count(*) as spirits from (${unnested}) p
        group by lower(power) order by count(*) desc, lower(power) limit ${limit}`,
  )) as unknown as { rows: Array<{ power: string; spirits: number | string }> };
  return rows.map((row) => ({ power: row.power, spirits: Number(row.spirits) }));
}

export class SpiritRefusedError extends Error {
  constructor(readonly reason: "notFound" | "nameTaken" | "full") {
    super(`spirits: ${reason}`);
  }
}

function requireAdmin(actor: Actor): asserts actor is NonNullable<Actor> {
  if (!actor?.isAdmin) throw new NotAllowedError("edit the spirit catalogues");
}

export async function createSpirit(
  actor: Actor,
  catalogue: Catalogue,
  input: SpiritFields,
): Promise<{ id: string }> {
  requireAdmin(actor);
  const table = CATALOGUE_TABLES[catalogue];
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(table)
      .values({ name: input.name, description: input.description, positivePowers: input.powers })
      .onConflictDoNothing()
      .returning({ id: table.id });
    if (!created) throw new SpiritRefusedError("nameTaken");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "spirit.create",
      targetType: "spirit",
      targetId: created.id,
      details: { catalogue, name: input.name },
    });
    return created;
  });
}

export async function updateSpirit(
  actor: Actor,
  catalogue: Catalogue,
  id: string,
  input: SpiritFields,
): Promise<void> {
  requireAdmin(actor);
  const table = CATALOGUE_TABLES[catalogue];
  await db().transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: table.id })
      .from(table)
      .where(sql`${table.name} = ${input.name} and ${table.id} <> ${id}`);
    if (taken) throw new SpiritRefusedError("nameTaken");
    const changed = await tx
      .update(table)
      .set({ name: input.name, description: input.description, positivePowers: input.powers })
      .where(eq(table.id, id))
      .returning({ id: table.id });
    if (changed.length === 0) throw new SpiritRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "spirit.update",
      targetType: "spirit",
      targetId: id,
      details: { catalogue, name: input.name },
    });
  });
}

export async function deleteSpirit(actor: Actor, catalogue: Catalogue, id: string): Promise<void> {
  requireAdmin(actor);
  const table = CATALOGUE_TABLES[catalogue];
  await db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(table)
      .where(eq(table.id, id))
      .returning({ name: table.name });
    if (!deleted) throw new SpiritRefusedError("notFound");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "spirit.delete",
      targetType: "spirit",
      targetId: id,
      details: { catalogue, name: deleted.name },
    });
  });
}

/** First start: fills each empty catalogue with its starter spirits, in their order. */
export async function seedSpirits(): Promise<void> {
  for (const catalogue of CATALOGUES) {
    const table = CATALOGUE_TABLES[catalogue];
    const { existing } = firstRow(
      await db().select({ existing: count() }).from(table),
      "count of spirits",
    );
    if (existing > 0) continue;
    const base = Date.UTC(2026, 0, 1);
    await db()
      .insert(table)
      .values(
        SEED_SPIRITS[catalogue].map((spirit, index) => ({
          name: spirit.name,
          description: spirit.description,
          positivePowers: spirit.positivePowers,
          // The catalogue's order is the seed's: one second apart.
          createdAt: new Date(base + index * 1_000),
        })),
      )
      .onConflictDoNothing();
  }
}
