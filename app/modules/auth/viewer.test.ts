import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { guestRequest, signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { TIERS, subscribers, type Tier } from "#app/modules/memberships/schema";
import { profiles } from "#app/modules/profiles/schema";
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
      profile: {
        displayName: "New Seeker",
        slug: "new-seeker",
        mysticalRank: "initiate",
        xpPoints: 0,
      },
    });
  });

  it("knows the session that signing up opened from a later sign-in", async () => {
    const { request, userId, email, password } = await signedInRequest();
    expect((await getViewer(request))?.firstSession).toBe(true);
    // An hour later the member signs in again.
    await db()
      .update(user)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(user.id, userId));
    const response = await auth().api.signInEmail({ body: { email, password }, asResponse: true });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(
      (await getViewer(new Request("http://localhost:3000/dashboard", { headers: { cookie } })))
        ?.firstSession,
    ).toBe(false);
  });

  const PREMIUM: Record<Tier, boolean> = {
    free: false,
    full: true,
    premium: true,
    pro: true,
    yearly: true,
    lifetime: true,
  };
  it.each(TIERS)("tier %s decides premium access for a member", async (tier) => {
    const { request } = await signedInRequest({ tier });
    const viewer = await getViewer(request);
    expect(viewer?.tier).toBe(tier);
    expect(viewer?.isPremium).toBe(PREMIUM[tier]);
    expect(viewer?.isAdmin).toBe(false);
  });

  it.each(["admin", "super_admin"] as const)(
    "role %s is admin and premium on the free tier",
    async (role) => {
      const { request } = await signedInRequest({ role, tier: "free" });
      const viewer = await getViewer(request);
      expect(viewer).toMatchObject({ role, tier: "free", isAdmin: true, isPremium: true });
    },
  );
});

describe("accounts without member records", () => {
  /** An account as an older version could leave it: no profile or subscriber row, any name. */
  async function strippedAccount(name: string) {
    const account = await signedInRequest({ name: "Placeholder" });
    await db().delete(subscribers).where(eq(subscribers.userId, account.userId));
    await db().delete(profiles).where(eq(profiles.userId, account.userId));
    await db().update(user).set({ name }).where(eq(user.id, account.userId));
    return account;
  }

  it.each([
    ["a 1 MB name", randomBytes(750_000).toString("base64"), /^[A-Za-z0-9+/]{60}$/],
    ["a name with a right-to-left override and line breaks", "Eve\u202E\n\nlive", /^Eve live$/],
    ["an empty name", "", /^member\d+-\d+$/],
  ])("are repaired on the first page, even with %s", async (_label, name, shown) => {
    const { request, userId } = await strippedAccount(name);
    const viewer = await getViewer(request);
    expect(viewer?.user.id).toBe(userId);
    expect(viewer?.tier).toBe("free");
    expect(viewer?.profile.displayName).toMatch(shown);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile!.displayName.length).toBeLessThanOrEqual(60);
  });
});

describe("access helpers", () => {
  /** A loader's arguments: the request as it arrived and React Router's normalized address. */
  function args(request: Request, page = request.url) {
    return { request, url: new URL(page) };
  }

  it("requireUser sends guests to sign in and back", async () => {
    const error = await thrown(
      requireUser(args(guestRequest("http://localhost:3000/settings?tab=a"))),
    );
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get("location")).toBe(
      "/auth?redirectTo=%2Fsettings%3Ftab%3Da",
    );
  });

  it("comes back to the page, not to the data request of a client navigation", async () => {
    const request = guestRequest(
      "http://localhost:3000/settings.data?tab=a&_routes=routes%2Faccount%2Fsettings",
    );
    for (const guard of [requireUser, requireAdmin]) {
      const error = await thrown(guard(args(request, "http://localhost:3000/settings?tab=a")));
      expect((error as Response).headers.get("location")).toBe(
        "/auth?redirectTo=%2Fsettings%3Ftab%3Da",
      );
    }
  });

  it("requirePremium answers 403 with the premium gate for guests and free members", async () => {
    for (const request of [guestRequest(), (await signedInRequest({ tier: "free" })).request]) {
      const error = await thrown(requirePremium(request, "premium.exploreFallback"));
      expect(refusal(error)).toEqual({
        status: 403,
        data: { kind: "premium", fallback: "premium.exploreFallback" },
      });
    }
  });

  it("requirePremium lets paid members and admins through", async () => {
    for (const options of [
      { tier: "full" as const },
      { tier: "lifetime" as const },
      { role: "admin" as const },
    ]) {
      const { request, userId } = await signedInRequest(options);
      expect((await requirePremium(request)).user.id).toBe(userId);
    }
  });

  it("requireAdmin redirects guests, refuses members with 403 and admits admins", async () => {
    const guest = await thrown(requireAdmin(args(guestRequest("http://localhost:3000/admin"))));
    expect((guest as Response).status).toBe(302);
    const member = await thrown(
      requireAdmin(args((await signedInRequest({ tier: "lifetime" })).request)),
    );
    expect(refusal(member)).toEqual({ status: 403, data: { kind: "unauthorized" } });
    const { request, userId } = await signedInRequest({ role: "super_admin" });
    expect((await requireAdmin(args(request))).user.id).toBe(userId);
  });
});
