import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { experimentViews, experimentVisit } from "../../../tests/helpers/experiment-visit";
import { db } from "#app/db/client.server";
import { signUp } from "#app/modules/auth/index.server";
import { user } from "#app/modules/auth/schema";
import { auditLog } from "#app/modules/audit/schema";
import {
  CONTROL,
  EXPERIMENTS,
  EXPERIMENT_IDS,
  confidenceInterval,
  minimumSample,
  normalCdf,
  pickVariant,
  winnerOf,
  zTest,
  type ExperimentVariant,
} from "./policy";
import {
  GUEST_COOKIE,
  SEEN_COOKIE,
  experimentVariants,
  recordClick,
  recordPurchase,
  useRandomSource,
} from "./experiments.server";
import { stopExperiment, updateExperiment } from "./admin.server";
import { abTestAssignments, abTestEvents, abTests } from "./schema";
import { experimentEditSchema } from "./validation";

// A/B tests (SPEC §2–§5, §9): the seeded tests, the weighted draw, assignment kept per member and
// per guest, carried over on sign-up, inactive → A, a shipped winner for everyone, the statistics.

/** A small seeded generator (mulberry32): the same draws every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  useRandomSource(seeded(69));
});
afterAll(() => cleanup());

const visit = (cookie = "") => experimentVisit("http://localhost:3000/", cookie ? { cookie } : {});
const cookieValue = (cookies: string[], name: string) =>
  cookies.find((c) => c.startsWith(`${name}=`))?.split(";")[0];
const views = experimentViews;

describe("the seeded tests", () => {
  it("holds the nine SPEC tests, active, with weights summing to 100", async () => {
    const rows = await db().select().from(abTests);
    expect(rows.map((r) => r.id).sort()).toEqual([...EXPERIMENT_IDS].sort());
    for (const row of rows) {
      expect(row.status).toBe("active");
      expect(row.variants.reduce((s, v) => s + v.weight, 0)).toBe(100);
      expect(row.variants[0]!.key).toBe(CONTROL);
    }
    const timing = rows.find((r) => r.id === EXPERIMENTS.bannerTiming)!;
    expect(timing.variants.map((v) => v.weight)).toEqual([33, 33, 34]);
  });
});

describe("the weighted draw (SPEC §5)", () => {
  /** Chi-square of `draws` draws with `variants` against the shares `expected` predicts. */
  const chiSquare = (
    variants: ExperimentVariant[],
    draws: number,
    seed: number,
    expected: ExperimentVariant[] = variants,
  ) => {
    const random = seeded(seed);
    const counts = new Map(variants.map((v) => [v.key, 0]));
    for (let i = 0; i < draws; i++) {
      const key = pickVariant(variants, random());
      counts.set(key, counts.get(key)! + 1);
    }
    return expected.reduce((sum, v) => {
      const share = (draws * v.weight) / 100;
      return sum + (counts.get(v.key)! - share) ** 2 / share;
    }, 0);
  };
  const three = [
    { key: "A", name: "", description: "", weight: 33 },
    { key: "B", name: "", description: "", weight: 33 },
    { key: "C", name: "", description: "", weight: 34 },
  ];
  const skewed = [
    { key: "A", name: "", description: "", weight: 10 },
    { key: "B", name: "", description: "", weight: 90 },
  ];

  it("follows 33/33/34 and 10/90 over 10,000 draws (chi-square below the 0.1 % critical value)", () => {
    expect(chiSquare(three, 10_000, 2026)).toBeLessThan(13.816); // df 2
    expect(chiSquare(skewed, 10_000, 2026)).toBeLessThan(10.828); // df 1
    // The same draws tested against other weights are far off: the check can fail.
    const even = skewed.map((v) => ({ ...v, weight: 50 }));
    expect(chiSquare(skewed, 10_000, 2026, even)).toBeGreaterThan(1000);
  });

  it("compares with the cumulative weights at the edges", () => {
    expect(pickVariant(three, 0)).toBe("A");
    expect(pickVariant(three, 0.3299)).toBe("A");
    expect(pickVariant(three, 0.33)).toBe("B");
    expect(pickVariant(three, 0.66)).toBe("C");
    expect(pickVariant(three, 0.9999)).toBe("C");
    expect(
      pickVariant(
        [
          { key: "A", name: "", description: "", weight: 0 },
          { ...three[1]!, weight: 100 },
        ],
        0,
      ),
    ).toBe("B");
  });
});

describe("assignment", () => {
  it("gives a guest a cookie, stores one assignment per test and keeps it", async () => {
    const first = visit();
    const ids = [EXPERIMENTS.ctaButtonText, EXPERIMENTS.landingHeroLayout] as const;
    const chosen = await experimentVariants(first, ids);
    const guest = cookieValue(first.cookies(), GUEST_COOKIE);
    expect(guest).toMatch(new RegExp(`^${GUEST_COOKIE}=[0-9a-f-]{36}$`));
    expect(first.cookies().find((c) => c.startsWith(GUEST_COOKIE))).toMatch(/HttpOnly/);
    const guestId = guest!.split("=")[1]!;
    const stored = await db()
      .select()
      .from(abTestAssignments)
      .where(eq(abTestAssignments.guestId, guestId));
    expect(stored).toHaveLength(2);
    expect(Object.fromEntries(stored.map((s) => [s.testId, s.variant]))).toEqual(chosen);

    // Twenty more visits of the same browser: the same variants, no new rows.
    for (let i = 0; i < 20; i++) {
      expect(await experimentVariants(visit(guest), ids)).toEqual(chosen);
    }
    const after = await db()
      .select()
      .from(abTestAssignments)
      .where(eq(abTestAssignments.guestId, guestId));
    expect(after).toHaveLength(2);
  });

  it("counts one impression per browser session and test", async () => {
    const before = await views(EXPERIMENTS.valueProposition);
    const first = visit();
    await experimentVariants(first, [EXPERIMENTS.valueProposition]);
    const cookies = [GUEST_COOKIE, SEEN_COOKIE]
      .map((n) => cookieValue(first.cookies(), n))
      .join("; ");
    expect(cookieValue(first.cookies(), SEEN_COOKIE)).toBe(
      `${SEEN_COOKIE}=${EXPERIMENTS.valueProposition}`,
    );
    // The seen cookie is a session cookie: no Max-Age, no Expires.
    expect(first.cookies().find((c) => c.startsWith(SEEN_COOKIE))).not.toMatch(/Max-Age|Expires/);
    await experimentVariants(visit(cookies), [EXPERIMENTS.valueProposition]);
    await experimentVariants(visit(cookies), [EXPERIMENTS.valueProposition]);
    expect(await views(EXPERIMENTS.valueProposition)).toBe(before + 1);
    // A new browser session (the guest id kept, the session cookie gone) counts again.
    await experimentVariants(visit(cookieValue(first.cookies(), GUEST_COOKIE)), [
      EXPERIMENTS.valueProposition,
    ]);
    expect(await views(EXPERIMENTS.valueProposition)).toBe(before + 2);
  });

  it("reads every test and the person's assignments in one query per request", async () => {
    const member = await signedInRequest();
    const v = visit(member.cookie);
    const a = await experimentVariants(v, [EXPERIMENTS.ctaButtonText]);
    const b = await experimentVariants(v, [EXPERIMENTS.ctaButtonText, EXPERIMENTS.academyCtaFocus]);
    expect(b[EXPERIMENTS.ctaButtonText]).toBe(a[EXPERIMENTS.ctaButtonText]);
    const rows = await db()
      .select()
      .from(abTestAssignments)
      .where(eq(abTestAssignments.userId, member.userId));
    expect(rows.map((r) => r.testId).sort()).toEqual(
      [EXPERIMENTS.academyCtaFocus, EXPERIMENTS.ctaButtonText].sort(),
    );
    // A member gets no guest cookie.
    expect(cookieValue(v.cookies(), GUEST_COOKIE)).toBeUndefined();
  });

  it("gives A for paused and unknown tests, and draws nothing for them", async () => {
    await db()
      .update(abTests)
      .set({ status: "paused" })
      .where(eq(abTests.id, EXPERIMENTS.authPageLayout));
    useRandomSource(() => 0.99); // would draw B
    const v = visit();
    const chosen = await experimentVariants(v, [
      EXPERIMENTS.authPageLayout,
      EXPERIMENTS.landingCtaStyle,
    ]);
    expect(chosen[EXPERIMENTS.authPageLayout]).toBe("A");
    expect(chosen[EXPERIMENTS.landingCtaStyle]).toBe("B");
    const guestId = cookieValue(v.cookies(), GUEST_COOKIE)!.split("=")[1]!;
    const rows = await db()
      .select()
      .from(abTestAssignments)
      .where(eq(abTestAssignments.guestId, guestId));
    expect(rows.map((r) => r.testId)).toEqual([EXPERIMENTS.landingCtaStyle]);
    // A test missing from the database (deleted) is "unknown": A.
    await db().delete(abTests).where(eq(abTests.id, EXPERIMENTS.academyValueProposition));
    const unknown = await experimentVariants(visit(), [EXPERIMENTS.academyValueProposition]);
    expect(unknown[EXPERIMENTS.academyValueProposition]).toBe("A");
    useRandomSource(seeded(69));
  });

  it("ships a winner to everyone, including those drawn otherwise", async () => {
    useRandomSource(() => 0); // everyone draws A
    const member = await signedInRequest();
    expect(
      (await experimentVariants(visit(member.cookie), [EXPERIMENTS.landingSocialProof]))[
        EXPERIMENTS.landingSocialProof
      ],
    ).toBe("A");
    const admin = await signedInRequest({ role: "admin" });
    expect(await stopExperiment(admin.userId, EXPERIMENTS.landingSocialProof, "B")).toBe("ok");
    expect(
      (await experimentVariants(visit(member.cookie), [EXPERIMENTS.landingSocialProof]))[
        EXPERIMENTS.landingSocialProof
      ],
    ).toBe("B");
    expect(
      (await experimentVariants(visit(), [EXPERIMENTS.landingSocialProof]))[
        EXPERIMENTS.landingSocialProof
      ],
    ).toBe("B");
    // Stopped without a winner: the control for everyone.
    expect(await stopExperiment(admin.userId, EXPERIMENTS.landingSocialProof, null)).toBe("ok");
    expect(
      (await experimentVariants(visit(), [EXPERIMENTS.landingSocialProof]))[
        EXPERIMENTS.landingSocialProof
      ],
    ).toBe("A");
    expect(await stopExperiment(admin.userId, EXPERIMENTS.landingSocialProof, "Z")).toBe(
      "variants",
    );
    useRandomSource(seeded(69));
  });
});

describe("carry-over and conversions", () => {
  it("moves a guest's variants to the account it creates and counts the sign-up", async () => {
    const v = visit();
    const ids = [EXPERIMENTS.ctaButtonText, EXPERIMENTS.valueProposition] as const;
    const chosen = await experimentVariants(v, ids);
    const guest = cookieValue(v.cookies(), GUEST_COOKIE)!;
    const signUpRequest = new Request("http://localhost:3000/auth", {
      method: "POST",
      headers: { cookie: guest, origin: "http://localhost:3000" },
    });
    const email = `guest-${Date.now()}@example.test`;
    const result = await signUp(signUpRequest, {
      email,
      password: "correct-horse-battery",
      displayName: "Guest Turned Member",
    });
    expect(result.ok).toBe(true);
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = account!.id;
    const moved = await db()
      .select()
      .from(abTestAssignments)
      .where(eq(abTestAssignments.userId, userId));
    expect(Object.fromEntries(moved.map((m) => [m.testId, m.variant]))).toEqual(chosen);
    expect(moved.every((m) => m.guestId === null)).toBe(true);
    const conversions = await db()
      .select()
      .from(abTestEvents)
      .where(and(eq(abTestEvents.userId, userId), eq(abTestEvents.eventType, "conversion")));
    expect(conversions.map((c) => `${c.testId}:${c.variant}`).sort()).toEqual(
      Object.entries(chosen)
        .map(([k, val]) => `${k}:${val}`)
        .sort(),
    );
    // Signed in, the member keeps the variants the guest saw.
    const cookie = (result as { headers: Headers }).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    useRandomSource(() => 0.999);
    expect(await experimentVariants(visit(cookie), ids)).toEqual(chosen);
    useRandomSource(seeded(69));
  });

  it("counts clicks and premium purchases under the variant given", async () => {
    const member = await signedInRequest();
    const chosen = await experimentVariants(visit(member.cookie), [EXPERIMENTS.academyCtaFocus]);
    expect(
      await recordClick(
        new Request("http://localhost:3000/x", { headers: { cookie: member.cookie } }),
        EXPERIMENTS.academyCtaFocus,
      ),
    ).toBe(true);
    // Unknown test, or one never shown to this person: nothing counted.
    expect(
      await recordClick(
        new Request("http://localhost:3000/x", { headers: { cookie: member.cookie } }),
        "nope",
      ),
    ).toBe(false);
    expect(
      await recordClick(new Request("http://localhost:3000/x"), EXPERIMENTS.academyCtaFocus),
    ).toBe(false);
    await recordPurchase(db(), member.userId, "payment-1");
    const events = await db()
      .select()
      .from(abTestEvents)
      .where(eq(abTestEvents.userId, member.userId));
    expect(events.map((e) => `${e.eventType}:${e.variant}`).sort()).toEqual(
      [
        `click:${chosen[EXPERIMENTS.academyCtaFocus]}`,
        `purchase:${chosen[EXPERIMENTS.academyCtaFocus]}`,
        `view:${chosen[EXPERIMENTS.academyCtaFocus]}`,
      ].sort(),
    );
  });
});

describe("admin edits", () => {
  const form = (fields: Record<string, string>) =>
    experimentEditSchema.safeParse({
      intent: "edit",
      testId: EXPERIMENTS.landingHeroLayout,
      name: "Hero",
      description: "",
      startDate: "2026-11-01",
      status: "active",
      nameA: "Centred",
      weightA: "50",
      nameB: "Split",
      weightB: "50",
      ...fields,
    });

  it("requires weights summing to 100, sane dates and bounded texts", () => {
    expect(form({}).success).toBe(true);
    const bad = form({ weightB: "51" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe("admin.abTests.errors.weightsSum");
    expect(form({ weightA: "-5" }).success).toBe(false);
    expect(form({ weightA: "5000" }).success).toBe(false);
    expect(form({ startDate: "2026-13-45" }).success).toBe(false);
    expect(form({ name: "x".repeat(10_000) }).success).toBe(false);
    expect(form({ status: "running" }).success).toBe(false);
    expect(form({ testId: "../etc" }).success).toBe(false);
  });

  it("saves an edit with its audit row, and refuses changing the variant keys", async () => {
    const admin = await signedInRequest({ role: "admin" });
    const parsed = form({ weightA: "30", weightB: "70", name: "Hero layout (autumn)" });
    expect(parsed.success).toBe(true);
    expect(await updateExperiment(admin.userId, parsed.data!)).toBe("ok");
    const [row] = await db()
      .select()
      .from(abTests)
      .where(eq(abTests.id, EXPERIMENTS.landingHeroLayout));
    expect(row!.name).toBe("Hero layout (autumn)");
    expect(row!.variants.map((v) => v.weight)).toEqual([30, 70]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "abtest.update"), eq(auditLog.actorId, admin.userId)));
    expect(audit).toHaveLength(1);
    const threeVariants = form({ weightA: "30", weightB: "30", weightC: "40", nameC: "Third" });
    expect(await updateExperiment(admin.userId, threeVariants.data!)).toBe("variants");
  });
});

describe("statistics against textbook values", () => {
  it("computes the normal distribution, the interval, the z-test and the sample size", () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(0)).toBeCloseTo(0.5, 6);
    expect(normalCdf(-1.644854)).toBeCloseTo(0.05, 6);
    // 50 of 100: 0.5 ± 1.96·√(0.25/100) = [0.402, 0.598].
    const [low, high] = confidenceInterval(50, 100);
    expect(low).toBeCloseTo(0.402, 3);
    expect(high).toBeCloseTo(0.598, 3);
    expect(confidenceInterval(0, 0)).toEqual([0, 0]);
    // 200/1000 against 250/1000, pooled: z = 2.677, two-sided p = 0.0074.
    const test = zTest(
      { conversions: 200, impressions: 1000 },
      { conversions: 250, impressions: 1000 },
    )!;
    expect(test.z).toBeCloseTo(2.6774, 3);
    expect(test.p).toBeCloseTo(0.0074, 4);
    // 10 % against 15 %, 95 % confidence, 80 % power: 686 per group (Fleiss, no correction).
    expect(minimumSample(0.1, 0.15)).toBe(686);
    expect(minimumSample(0.2, 0.2)).toBeNull();
  });

  it("applies SPEC's winner rule: more than 10 impressions, the highest rate, 95 % confidence", () => {
    expect(
      winnerOf([
        { key: "A", impressions: 1000, conversions: 200 },
        { key: "B", impressions: 1000, conversions: 250 },
      ]),
    ).toBe("B");
    // Not significant: no winner.
    expect(
      winnerOf([
        { key: "A", impressions: 100, conversions: 20 },
        { key: "B", impressions: 100, conversions: 25 },
      ]),
    ).toBeNull();
    // Ten impressions are not more than ten.
    expect(
      winnerOf([
        { key: "A", impressions: 10, conversions: 0 },
        { key: "B", impressions: 10, conversions: 10 },
      ]),
    ).toBeNull();
    expect(
      winnerOf([
        { key: "A", impressions: 11, conversions: 0 },
        { key: "B", impressions: 11, conversions: 11 },
      ]),
    ).toBe("B");
    // The control can win too.
    expect(
      winnerOf([
        { key: "A", impressions: 1000, conversions: 300 },
        { key: "B", impressions: 1000, conversions: 200 },
        { key: "C", impressions: 1000, conversions: 210 },
      ]),
    ).toBe("A");
  });
});
