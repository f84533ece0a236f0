import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { experimentViews, experimentVisit } from "../../../tests/helpers/experiment-visit";
import { EXPERIMENTS } from "#app/modules/experiments";
import { useRandomSource } from "#app/modules/experiments/index.server";
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

const visit = (cookie = "") =>
  experimentVisit("http://localhost:3000/academy", cookie ? { cookie } : {});
const views = experimentViews;

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
    const cookie = first.cookieHeader();
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
