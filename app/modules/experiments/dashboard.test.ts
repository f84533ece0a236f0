import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { routeArgs } from "../../../tests/helpers/route-args";
import { db } from "#app/db/client.server";
import { action, loader } from "#app/routes/admin/ab-tests";
import { loader as trackingLoader } from "#app/routes/system/test-tracking";
import { action as clickAction } from "#app/routes/system/ab-click";
import { abTestEvents, abTests } from "./schema";
import { EXPERIMENTS } from "./policy";

// The dashboard's routes: admins only, hostile input refused with 4xx, figures from the events.
let cleanup: () => Promise<void>;
let admin: Awaited<ReturnType<typeof signedInRequest>>;
let member: Awaited<ReturnType<typeof signedInRequest>>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await signedInRequest({ role: "admin" });
  member = await signedInRequest();
});
afterAll(() => cleanup());

const post = (path: string, fields: Record<string, string> | string, cookie: string) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
const get = (path: string, cookie = admin.cookie) =>
  new Request(`http://localhost:3000${path}`, { headers: { cookie } });
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    return (result as { init?: { status?: number } | null }).init?.status ?? 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    return (error as { init?: { status?: number } }).init?.status ?? 0;
  }
}

describe("/admin/ab-tests", () => {
  it("refuses guests and members", async () => {
    expect(await statusOf(() => loader(routeArgs(get("/admin/ab-tests", member.cookie))))).toBe(
      403,
    );
    expect(await statusOf(() => loader(routeArgs(get("/admin/ab-tests", ""))))).toBe(302);
    expect(
      await statusOf(() =>
        action(
          routeArgs(
            post(
              "/admin/ab-tests",
              { intent: "stop", testId: EXPERIMENTS.bannerTiming },
              member.cookie,
            ),
          ),
        ),
      ),
    ).toBe(403);
    expect(
      await statusOf(() => trackingLoader(routeArgs(get("/test-tracking", member.cookie)))),
    ).toBe(403);
  });

  it("computes each variant's figures from the events", async () => {
    const rows = (n: number, variant: string, eventType: "view" | "conversion") =>
      Array.from({ length: n }, () => ({
        testId: EXPERIMENTS.landingCtaStyle,
        variant,
        eventType,
        guestId: "g",
      }));
    await db()
      .insert(abTestEvents)
      .values([
        ...rows(1000, "A", "view"),
        ...rows(200, "A", "conversion"),
        ...rows(1000, "B", "view"),
        ...rows(250, "B", "conversion"),
      ]);
    const data = (await loader(routeArgs(get("/admin/ab-tests")))) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(data.tests).toHaveLength(9);
    const test = data.tests.find((t) => t.id === EXPERIMENTS.landingCtaStyle)!;
    const [a, b] = test.variants;
    expect(a!.rate).toBeCloseTo(0.2, 6);
    expect(b!.rate).toBeCloseTo(0.25, 6);
    expect(b!.p).toBeCloseTo(0.0074, 4);
    expect(a!.p).toBeNull();
    expect(test.leader).toBe("B");
    // 20 % against 25 % needs about 1,100 impressions per variant for 80 % power: with 1,000 each
    // the warning shows, though the difference is already significant.
    expect(b!.needed).toBeGreaterThan(1000);
  });

  it("refuses malformed and hostile input with 400, never 500", async () => {
    const bad: Record<string, string>[] = [
      { intent: "ship", testId: EXPERIMENTS.bannerTiming, variant: "Z" },
      { intent: "ship", testId: "'; drop table ab_tests; --", variant: "A" },
      { intent: "explode", testId: EXPERIMENTS.bannerTiming },
      {
        intent: "edit",
        testId: EXPERIMENTS.authPageLayout,
        name: "x".repeat(100_000),
        description: "",
        startDate: "2026-11-01",
        status: "active",
        nameA: "A",
        weightA: "50",
        nameB: "B",
        weightB: "50",
      },
      {
        intent: "edit",
        testId: EXPERIMENTS.authPageLayout,
        name: "Layout",
        description: "",
        startDate: "2026-11-01",
        status: "active",
        nameA: "A",
        weightA: "60",
        nameB: "B",
        weightB: "50",
      },
    ];
    for (const fields of bad) {
      expect(
        await statusOf(() => action(routeArgs(post("/admin/ab-tests", fields, admin.cookie)))),
      ).toBe(400);
    }
    expect(
      await statusOf(() => action(routeArgs(post("/admin/ab-tests", "%%%", admin.cookie)))),
    ).toBe(400);
    const json = new Request("http://localhost:3000/admin/ab-tests", {
      method: "POST",
      headers: { cookie: admin.cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(await statusOf(() => action(routeArgs(json)))).toBe(400);
    // A three-variant edit of a two-variant test keeps its keys: refused.
    expect(
      await statusOf(() =>
        action(
          routeArgs(
            post(
              "/admin/ab-tests",
              {
                intent: "edit",
                testId: EXPERIMENTS.authPageLayout,
                name: "Layout",
                description: "",
                startDate: "2026-11-01",
                status: "active",
                nameA: "A",
                weightA: "30",
                nameB: "B",
                weightB: "30",
                nameC: "C",
                weightC: "40",
              },
              admin.cookie,
            ),
          ),
        ),
      ),
    ).toBe(400);
  });

  it("ships a winner from the form", async () => {
    expect(
      await statusOf(() =>
        action(
          routeArgs(
            post(
              "/admin/ab-tests",
              { intent: "ship", testId: EXPERIMENTS.academyCtaFocus, variant: "B" },
              admin.cookie,
            ),
          ),
        ),
      ),
    ).toBe(200);
    const [row] = await db()
      .select()
      .from(abTests)
      .where(eq(abTests.id, EXPERIMENTS.academyCtaFocus));
    expect(row).toMatchObject({ status: "completed", winner: "B" });
  });
});

describe("POST /api/ab-tests/click", () => {
  it("answers malformed bodies with 400 and untested people with 404", async () => {
    const call = (body: string, type = "application/x-www-form-urlencoded") =>
      clickAction(
        routeArgs(
          new Request("http://localhost:3000/api/ab-tests/click", {
            method: "POST",
            headers: { "content-type": type, cookie: member.cookie },
            body,
          }),
        ),
      ) as Promise<Response>;
    expect((await call("testId=nope")).status).toBe(400);
    expect((await call("x".repeat(100_000))).status).toBe(400);
    expect((await call(`testId=${EXPERIMENTS.bannerTiming}`)).status).toBe(404);
    expect(await statusOf(() => call("{}", "application/json"))).toBe(400);
  });
});
