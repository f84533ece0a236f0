import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { routeArgs } from "../../../tests/helpers/route-args";
import { loader as apiLoader } from "#app/routes/search/api";
import {
  SEARCH_CAPACITY,
  SearchBusyError,
  runSearchStatement,
  searchTurns,
} from "./capacity.server";
import { SEARCHED_NAME_LENGTH } from "./limits";
import { dropdownSearch, quickSearch, searchByKind, submittedSearch } from "./search.server";

const onPostgres = (process.env.TEST_DB_ENGINE ?? "pglite") === "postgres";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let address = 0;
/** A request from its own address, so the per-client search rate limit never interferes. */
function searchRequest(path: string) {
  return new Request(`http://localhost:3000${path}`, {
    headers: { [CLIENT_IP_HEADER]: `10.9.0.${(address += 1)}` },
  });
}

describe("a huge display name", () => {
  it("costs a search no more than any name: only its start is compared and returned", async () => {
    // 100,000 characters written straight into the database, past any validation. Unbounded,
    // pg_trgm's word_similarity spends about 12 s on this one row for "lunar" (quadratic in the
    // repeated matches), so a search would run into the statement timeout and answer busy.
    const huge = await member({ name: "Placeholder Name" });
    await db()
      .update(profiles)
      .set({ displayName: "lunar ".repeat(16_667), slug: "lunar-huge" })
      .where(eq(profiles.userId, huge.userId));
    await member({ name: "Lunar Wren" });

    const groups = await searchByKind("lunar");
    const members = groups.find((group) => group.kind === "member")?.results ?? [];
    expect(members.map((result) => result.url).sort()).toEqual([
      "/profile/lunar-huge",
      "/profile/lunar-wren",
    ]);
    const hugeResult = members.find((result) => result.url === "/profile/lunar-huge")!;
    expect(hugeResult.title.length).toBeLessThanOrEqual(SEARCHED_NAME_LENGTH);

    const dropdown = await quickSearch("lunar wren");
    expect(dropdown[0]?.url).toBe("/profile/lunar-wren");
  });
});

describe.skipIf(!onPostgres)(
  "the statement timeout (PostgreSQL only: PGlite accepts statement_timeout and ignores it)",
  () => {
    it("cancels a search statement that runs out of time, reports search busy, and leaves the connection as it was", async () => {
      await expect(runSearchStatement(sql`select pg_sleep(10)`, 50)).rejects.toBeInstanceOf(
        SearchBusyError,
      );
      // SET LOCAL ended with the transaction: the pooled connections run without a timeout.
      const shown = await Promise.all(
        Array.from({ length: 5 }, () => db().execute(sql`show statement_timeout`)),
      );
      expect(
        shown.map(
          (result) =>
            (result as unknown as { rows: Array<{ statement_timeout: string }> }).rows[0]!
              .statement_timeout,
        ),
      ).toEqual(Array(5).fill("0"));
    });
  },
);

describe("search's share of the database", () => {
  it("never runs more than its turns at once, however many searches are asked for", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => quickSearch("lunar")));
    expect(results.every((found) => found.length > 0)).toBe(true);
    expect(searchTurns.peak).toBe(SEARCH_CAPACITY.limit);
    expect([searchTurns.active, searchTurns.waiting]).toEqual([0, 0]);
  });

  it("answers busy at once, dropdown 503 and page flagged, when every turn and queue place is taken", async () => {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const holders = Array.from({ length: SEARCH_CAPACITY.limit + SEARCH_CAPACITY.queue }, () =>
      searchTurns.run(() => held),
    );
    try {
      expect([searchTurns.active, searchTurns.waiting]).toEqual([
        SEARCH_CAPACITY.limit,
        SEARCH_CAPACITY.queue,
      ]);
      expect(await dropdownSearch(searchRequest("/api/search?q=lunar"), "lunar")).toEqual({
        busy: true,
      });
      const page = await submittedSearch(searchRequest("/search?q=lunar"), "lunar");
      expect(page).toMatchObject({ term: "lunar", busy: true, limited: false, groups: [] });

      const response = await apiLoader(routeArgs(searchRequest("/api/search?q=lunar")));
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("5");
      expect(await response.json()).toEqual({ error: "busy" });
    } finally {
      finish();
      await Promise.all(holders);
    }
    expect(
      (await dropdownSearch(searchRequest("/api/search?q=lunar"), "lunar")) as {
        results: unknown[];
      },
    ).toMatchObject({ term: "lunar" });
  });
});
