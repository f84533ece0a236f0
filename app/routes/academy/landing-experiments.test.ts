import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { requestContext } from "#app/context";
import { EXPERIMENTS } from "#app/modules/experiments";
import { useRandomSource } from "#app/modules/experiments/index.server";
import { abTestEvents } from "#app/modules/experiments/schema";
import { loader } from "./landing";

// SPEC §9's academy tests on /academy: drawn in the loader for guests (the page is rendered with
// its variant), one impression per browser session; members are not in them.

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  useRandomSource(Math.random);
  await cleanup();
});

function visit(cookie = "") {
  const request = new Request("http://localhost:3000/academy", {
    headers: cookie ? { cookie } : {},
  });
  const context = new RouterContextProvider();
  context.set(requestContext, { nonce: "", requestId: "t" });
  const args = { request, context, url: new URL(request.url), params: {} } as never;
  return { args, cookies: () => context.get(requestContext).setCookies ?? [] };
}

const views = async (testId: string) =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(abTestEvents)
      .where(and(eq(abTestEvents.testId, testId), eq(abTestEvents.eventType, "view")))
  )[0]!.n;

describe("the academy landing's A/B tests", () => {
  it("gives a guest both tests' variants from the loader and counts one impression each", async () => {
    useRandomSource(() => 0.99); // the last variant of each: B
    const first = visit();
    const data = await loader(first.args);
    expect(data.experiments).toMatchObject({
      [EXPERIMENTS.academyValueProposition]: "B",
      [EXPERIMENTS.academyCtaFocus]: "B",
    });
    expect(await views(EXPERIMENTS.academyValueProposition)).toBe(1);
    expect(await views(EXPERIMENTS.academyCtaFocus)).toBe(1);

    // The same browser again: the same variants (stored), no second impression this session.
    useRandomSource(() => 0); // would draw A
    const cookie = first
      .cookies()
      .map((c) => c.split(";")[0])
      .join("; ");
    const again = await loader(visit(cookie).args);
    expect(again.experiments?.[EXPERIMENTS.academyCtaFocus]).toBe("B");
    expect(await views(EXPERIMENTS.academyCtaFocus)).toBe(1);
  });

  it("leaves members out: no variants, no impression", async () => {
    const member = await signedInRequest();
    const before = await views(EXPERIMENTS.academyCtaFocus);
    const { args } = visit(member.cookie);
    const data = await loader(args);
    expect(data.experiments).toBeNull();
    expect(await views(EXPERIMENTS.academyCtaFocus)).toBe(before);
  });
});
