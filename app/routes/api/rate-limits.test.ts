import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { config } from "#app/lib/config.server";
import { addressKey } from "#app/lib/too-many-requests.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { rateLimitHits } from "#app/modules/auth/schema";
import { allowBeacon, discardBuffered } from "#app/modules/analytics/index.server";
import { CLICK_LIMIT, allowClick } from "#app/modules/experiments/index.server";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { routeArgs } from "../../../tests/helpers/route-args";
import * as analytics from "./analytics";
import * as abClick from "../system/ab-click";

/*
 * The open endpoints pages call on their own — page-view reports and heartbeats, A/B clicks — are
 * limited per client address: the last allowed request passes,
 * the next answers 429 with a message in the visitor's language, another address is not
 * affected, and the next window starts afresh. Beacons are counted in the process's memory,
 * clicks in the database.
 */

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  discardBuffered();
  await cleanup();
});

function post(path: string, body: Record<string, string>, address: string, language = "en") {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      [CLIENT_IP_HEADER]: address,
      "accept-language": language,
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
    },
    body: new URLSearchParams(body),
  });
}

/** Spends all but one of an address's requests of this window. */
async function spend(prefix: string, request: Request, limit: number) {
  await db()
    .insert(rateLimitHits)
    .values({
      key: `${prefix}:ip:${addressKey(request)}`,
      windowStart: new Date(),
      count: limit - 1,
    });
}

const run = (action: (args: never) => unknown, request: Request) =>
  action(routeArgs(request, {}) as never) as Promise<Response>;

describe("rate limits of the analytics and A/B click endpoints", () => {
  it("answer 429 with a translated message once an address passes the analytics limit", async () => {
    const limit = config().ANALYTICS_RATE_LIMIT;
    const beat = (address: string, language?: string) =>
      post("/api/analytics", { kind: "beat", path: "/discussions" }, address, language);
    // Counted in memory: all but one of the window's beacons are spent directly.
    for (let i = 0; i < limit - 1; i += 1) expect(allowBeacon(beat("198.51.100.7"))).toBe(true);
    expect((await run(analytics.action, beat("198.51.100.7"))).status).toBe(204);
    const refused = await run(analytics.action, beat("198.51.100.7", "ar"));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    const body = (await refused.json()) as { error: string; message: string };
    expect(body.error).toBe("rateLimited");
    expect(body.message).toBe(
      "طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
    );
    // Another address is counted apart; the same one is allowed again in the next minute.
    expect((await run(analytics.action, beat("198.51.100.8"))).status).toBe(204);
    expect(allowBeacon(beat("198.51.100.7"), Date.now() + 61_000)).toBe(true);
    // Malformed input is still a 400, whatever the count.
    expect(
      (await run(analytics.action, post("/api/analytics", { kind: "x" }, "198.51.100.9"))).status,
    ).toBe(400);
  });

  it("answer 429 past the A/B click limit, in English for an English visitor", async () => {
    const click = (address: string) =>
      post("/api/ab-tests/click", { testId: "cta_button_text" }, address);
    await spend("ab-click", click("203.0.113.5"), CLICK_LIMIT.limit);
    // Within the limit: counted only for someone given the test (a stranger here), so 404.
    expect((await run(abClick.action, click("203.0.113.5"))).status).toBe(404);
    const refused = await run(abClick.action, click("203.0.113.5"));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Too many requests in a short time. Please wait a minute and try again.",
    );
    expect((await run(abClick.action, click("203.0.113.6"))).status).toBe(404);
    expect(await allowClick(click("203.0.113.5"), new Date(Date.now() + 61_000))).toBe(true);
  });
});
