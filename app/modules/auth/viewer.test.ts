import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { guestRequest, signedInRequest } from "../../../tests/helpers/accounts";
import { TIERS, type Tier } from "#app/modules/memberships/schema";
import { eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { auth } from "./auth.server";
import { user } from "./schema";
import { getViewer, requireAdmin, requirePremium, requireUser } from "./viewer.server";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

/** The status and payload of a thrown `data(…, { status })` refusal. */
function refusal(error: unknown) {
  const thrownData = error as { data: unknown; init?: { status?: number } };
  return { status: thrownData.init?.status, data: thrownData.data };
}

describe("getViewer", () => {
  it("is null for a guest", async () => {
    expect(await getViewer(guestRequest())).toBeNull();
  });

  it("gives a new member a profile and a free subscriber record (SPEC §4)", async () => {
    const { request, userId, email } = await signedInRequest({ name: "New Seeker" });
    const viewer = await getViewer(request);
    expect(viewer).toMatchObject({
      user: { id: userId, email },
      role: null,
      tier: "free",
      subscribed: false,
      isPremium: false,
      isAdmin: false,
      profile: { displayName: "New Seeker", slug: "new-seeker", mysticalRank: "initiate", xpPoints: 0 },
    });
  });

  it("knows the session that signing up opened from a later sign-in", async () => {
    const { request, userId, email, password } = await signedInRequest();
    expect((await getViewer(request))?.firstSession).toBe(true);
    // An hour later the member signs in again.
    await db().update(user).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(user.id, userId));
    const response = await auth().api.signInEmail({ body: { email, password }, asResponse: true });
    const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect((await getViewer(new Request("http://localhost:3000/dashboard", { headers: { cookie } })))?.firstSession).toBe(false);
  });

  const PREMIUM: Record<Tier, boolean> = { free: false, full: true, premium: true, pro: true, yearly: true, lifetime: true };
  it.each(TIERS)("tier %s decides premium access for a member", async (tier) => {
    const { request } = await signedInRequest({ tier });
    const viewer = await getViewer(request);
    expect(viewer?.tier).toBe(tier);
    expect(viewer?.isPremium).toBe(PREMIUM[tier]);
    expect(viewer?.isAdmin).toBe(false);
  });

  it.each(["admin", "super_admin"] as const)("role %s is admin and premium on the free tier", async (role) => {
    const { request } = await signedInRequest({ role, tier: "free" });
    const viewer = await getViewer(request);
    expect(viewer).toMatchObject({ role, tier: "free", isAdmin: true, isPremium: true });
  });
});

describe("access helpers", () => {
  it("requireUser sends guests to sign in and back", async () => {
    const error = await thrown(requireUser(guestRequest("http://localhost:3000/settings?tab=a")));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get("location")).toBe("/auth?redirectTo=%2Fsettings%3Ftab%3Da");
  });

  it("requirePremium answers 403 with the premium gate for guests and free members", async () => {
    for (const request of [guestRequest(), (await signedInRequest({ tier: "free" })).request]) {
      const error = await thrown(requirePremium(request, "premium.exploreFallback"));
      expect(refusal(error)).toEqual({ status: 403, data: { kind: "premium", fallback: "premium.exploreFallback" } });
    }
  });

  it("requirePremium lets paid members and admins through", async () => {
    for (const options of [{ tier: "full" as const }, { tier: "lifetime" as const }, { role: "admin" as const }]) {
      const { request, userId } = await signedInRequest(options);
      expect((await requirePremium(request)).user.id).toBe(userId);
    }
  });

  it("requireAdmin redirects guests, refuses members with 403 and admits admins", async () => {
    const guest = await thrown(requireAdmin(guestRequest("http://localhost:3000/admin")));
    expect((guest as Response).status).toBe(302);
    const member = await thrown(requireAdmin((await signedInRequest({ tier: "lifetime" })).request));
    expect(refusal(member)).toEqual({ status: 403, data: { kind: "unauthorized" } });
    const { request, userId } = await signedInRequest({ role: "super_admin" });
    expect((await requireAdmin(request)).user.id).toBe(userId);
  });
});
