import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { experimentViews, experimentVisit } from "../../../tests/helpers/experiment-visit";
import { db } from "#app/db/client.server";
import { EXPERIMENTS } from "#app/modules/experiments";
import {
  BANNER_LOOKUP_LIMIT,
  resetBannerLookups,
  useRandomSource,
} from "#app/modules/experiments/index.server";
import { abTests } from "#app/modules/experiments/schema";
import { loader } from "./ab-banner";

// GET /api/ab-tests/banner: the join banner's variant of SPEC §9's banner timing test, drawn for
// guests by the server (one impression per browser session), none for members and crawlers.

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  useRandomSource(Math.random);
  resetBannerLookups();
  await cleanup();
});
beforeEach(() => resetBannerLookups());

const ask = (headers: Record<string, string> = {}) =>
  experimentVisit("http://localhost:3000/api/ab-tests/banner", {
    "x-forwarded-for": "203.0.113.9",
    ...headers,
  });
const views = () => experimentViews(EXPERIMENTS.bannerTiming);

describe("GET /api/ab-tests/banner", () => {
  it("draws a guest's variant once, keeps it, and counts one impression per browser session", async () => {
    useRandomSource(() => 0.99); // the last variant: C, at 30 % scroll
    const first = ask();
    const response = await loader(first.args);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ variant: "C" });
    expect(await views()).toBe(1);
    expect(first.cookies().some((c) => c.startsWith("ab_guest="))).toBe(true);

    useRandomSource(() => 0); // would draw A
    const again = await loader(ask({ cookie: first.cookieHeader() }).args);
    expect(await again.json()).toEqual({ variant: "C" });
    expect(await views()).toBe(1);
  });

  it("gives members and crawlers no banner and counts nothing", async () => {
    const before = await views();
    const member = await signedInRequest();
    const forMember = await loader(ask({ cookie: member.cookie }).args);
    expect(await forMember.json()).toEqual({ variant: null });
    const crawler = ask({
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    expect(await (await loader(crawler.args)).json()).toEqual({ variant: null });
    expect(crawler.cookies()).toEqual([]);
    expect(await views()).toBe(before);
  });

  it("shows the control while the test is paused (SPEC §4)", async () => {
    await db()
      .update(abTests)
      .set({ status: "paused" })
      .where(eq(abTests.id, EXPERIMENTS.bannerTiming));
    useRandomSource(() => 0.99);
    expect(await (await loader(ask().args)).json()).toEqual({ variant: "A" });
    await db()
      .update(abTests)
      .set({ status: "active" })
      .where(eq(abTests.id, EXPERIMENTS.bannerTiming));
  });

  it("refuses an address that mints guests faster than a person loads pages, in its language", async () => {
    for (let i = 0; i < BANNER_LOOKUP_LIMIT.limit; i++) {
      expect((await loader(ask().args)).status).toBe(200);
    }
    const refused = await loader(ask({ "accept-language": "de" }).args);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await refused.json()).message).toMatch(/Anfragen/);
  });
});
