import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { communityCounts, forgetCommunityCounts } from "./shell.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("the side navigation's counts", () => {
  it("are reused for a few seconds, and reloaded once forgotten or expired", async () => {
    const start = Date.now();
    const first = await communityCounts(start);
    await member();
    // Still the cached value: no query per page view.
    expect((await communityCounts(start + 1000)).members).toBe(first.members);
    // A `counts` event makes every process forget them.
    forgetCommunityCounts();
    expect((await communityCounts(start + 2000)).members).toBe(first.members + 1);
    await member();
    // And they expire on their own.
    expect((await communityCounts(start + 60_000)).members).toBe(first.members + 2);
  });
});
