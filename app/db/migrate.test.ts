import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { setupTestDatabase } from "../../tests/helpers/test-db";
import type { Database } from "./client.server";
import { migrate } from "./migrate.server";

const TABLES = [
  "user",
  "profiles",
  "subscribers",
  "site_settings",
  "pages",
  "audit_log",
  "email_outbox",
  "categories",
];

let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function publicTables(): Promise<string[]> {
  const found = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return found.map((r) => r.table_name);
}

async function appliedMigrations(): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(row!.n);
}

describe("migrations", () => {
  it("apply on an empty database", async () => {
    expect(await publicTables()).toEqual(expect.arrayContaining(TABLES));
    const extensions = await rows<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extensions).toHaveLength(1);
  });

  it("are a no-op when run a second time", async () => {
    const tablesBefore = await publicTables();
    const migrationsBefore = await appliedMigrations();
    expect(migrationsBefore).toBeGreaterThan(0);
    await migrate(database);
    expect(await publicTables()).toEqual(tablesBefore);
    expect(await appliedMigrations()).toBe(migrationsBefore);
  });
});
