import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, inArray } from "drizzle-orm";
import { setupTestDatabase } from "../../tests/helpers/test-db";
import { signedInRequest } from "../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { profiles } from "#app/modules/profiles/schema";
import { pageCount } from "#app/lib/pagination";
import { paginate, totalRows } from "./paginate.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("paginate", () => {
  it("returns one page, the list's total and its page count from one query", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await signedInRequest({ name: `Pager ${i}` })).userId);
    const list = () =>
      db()
        .select({ userId: profiles.userId, total: totalRows() })
        .from(profiles)
        .where(inArray(profiles.userId, ids))
        .orderBy(desc(profiles.userId));
    const sorted = [...ids].sort().reverse();

    const second = await paginate(list(), { page: 2, perPage: 2 });
    expect(second).toEqual({
      rows: sorted.slice(2, 4).map((userId) => ({ userId })),
      total: 5,
      page: 2,
      pageCount: 3,
    });
    const last = await paginate(list(), { page: 3, perPage: 2 });
    expect(last.rows).toHaveLength(1);
    expect(last.rows[0]).not.toHaveProperty("total");
  });

  it("treats a page below 1 as the first, and one past the end as empty", async () => {
    const list = () =>
      db()
        .select({ userId: profiles.userId, total: totalRows() })
        .from(profiles)
        .orderBy(profiles.userId);
    expect((await paginate(list(), { page: 0, perPage: 1 })).page).toBe(1);
    expect(await paginate(list(), { page: 10_000, perPage: 1 })).toMatchObject({
      rows: [],
      total: 0,
      pageCount: 1,
    });
  });
});

describe("pageCount", () => {
  it("is at least one and rounds up", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
