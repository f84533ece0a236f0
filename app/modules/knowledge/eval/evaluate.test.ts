import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty } from "#app/db/seed.server";
import { setupTestDatabase } from "../../../../tests/helpers/test-db";
import { evaluate, type MethodResult } from "./evaluate.server";

/*
 * The evaluation set (decision 060) against a database seeded as the first start seeds it: the
 * method the site uses must keep meeting the figures it was chosen for. `npm run bench` reports
 * the same figures for every method; this test holds the floor.
 */
let cleanup: () => Promise<void>;
let combined: MethodResult;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedIfEmpty({ demo: true });
  combined = (await evaluate(["combined"]))[0]!;
}, 180_000);

afterAll(async () => {
  await cleanup();
});

describe("the guide's retrieval on its evaluation set", () => {
  it("finds an expected source in the first three for English questions", () => {
    expect(combined.english.count).toBeGreaterThanOrEqual(60);
    expect(combined.english.hit3).toBeGreaterThanOrEqual(0.9);
    expect(combined.english.hit1).toBeGreaterThanOrEqual(0.75);
  });

  it("finds them for questions in the other languages, the held-out ones included", () => {
    // Measured with the lexicon (decision 066): 1.00 hit@3 for both groups.
    expect(combined.other.count).toBeGreaterThanOrEqual(20);
    expect(combined.other.hit3).toBeGreaterThanOrEqual(0.9);
    expect(combined.heldOut.count).toBeGreaterThanOrEqual(20);
    expect(combined.heldOut.hit3).toBeGreaterThanOrEqual(0.9);
  });

  it("answers at most one of the off-topic questions from the site (measured: 1 of 6)", () => {
    // "how do I fix my car's transmission" reaches the terms of service's "acceptable use" (0.40).
    expect(combined.offTopicAnswered).toBeLessThanOrEqual(1);
  });
});
