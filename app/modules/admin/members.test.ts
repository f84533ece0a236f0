import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { getViewer } from "#app/modules/auth/index.server";
import { auditLog } from "#app/modules/audit/schema";
import { subscribers } from "#app/modules/memberships/schema";
import { profiles } from "#app/modules/profiles/schema";
import { action as usersAction } from "#app/routes/admin/users";
import { action as subscriptionsAction } from "#app/routes/admin/subscriptions";
import { changeMember, listMembers } from "./members.server";
import { canChangeRole } from "./policy";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("admin member changes", () => {
  it("changes tier and role, writing one audit row per change", async () => {
    const admin = await signedInRequest({ role: "admin", name: "Boss" });
    const member = await signedInRequest({ name: "Upgraded Member" });
    await changeMember(admin.userId, member.userId, { tier: "full", role: null });
    const viewer = await getViewer(
      new Request("http://localhost/", { headers: { cookie: member.cookie } }),
    );
    expect(viewer).toMatchObject({ tier: "full", subscribed: true, isPremium: true });
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, member.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.userId,
      action: "member.tier",
      details: { from: "free", to: "full" },
    });
    await changeMember(admin.userId, member.userId, { tier: "free" });
    const back = await getViewer(
      new Request("http://localhost/", { headers: { cookie: member.cookie } }),
    );
    expect(back).toMatchObject({ tier: "free", subscribed: false, isPremium: false });
  });

  it("lists and searches members by name or e-mail", async () => {
    const { email } = await signedInRequest({ name: "Findable Person" });
    expect((await listMembers({ search: "findable" })).rows.map((r) => r.email)).toEqual([email]);
    expect((await listMembers({ search: email.slice(0, 10) })).rows.map((r) => r.email)).toContain(
      email,
    );
    expect((await listMembers({ search: "zzz-no-match" })).total).toBe(0);
  });

  it("keeps role rules: no self-demotion, super admin only by a super admin", () => {
    const admin = { id: "a", role: "admin" as const };
    const superAdmin = { id: "s", role: "super_admin" as const };
    const member = { id: "m", role: null };
    expect(canChangeRole(admin, member, "admin")).toBe(true);
    expect(canChangeRole(admin, member, "super_admin")).toBe(false);
    expect(canChangeRole(admin, superAdmin, null)).toBe(false);
    expect(canChangeRole(admin, admin, null)).toBe(false);
    expect(canChangeRole(superAdmin, member, "super_admin")).toBe(true);
    expect(canChangeRole(member, member, "admin")).toBe(false);
  });
});

describe("a super admin's account", () => {
  type Answer = { data?: { ok: boolean; formError?: string }; init?: { status?: number } };
  const post = (
    action: (args: never) => Promise<unknown>,
    cookie: string,
    fields: Record<string, string>,
  ) =>
    action({
      request: new Request("http://localhost:3000/admin", {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: {},
    } as never) as Promise<Answer>;
  const stateOf = async (userId: string) => {
    const [row] = await db()
      .select({
        role: profiles.role,
        tier: subscribers.subscriptionTier,
        subscribed: subscribers.subscribed,
      })
      .from(profiles)
      .innerJoin(subscribers, eq(subscribers.userId, profiles.userId))
      .where(eq(profiles.userId, userId));
    return row;
  };

  it("cannot be demoted or changed by an admin, on the users screen or the subscriptions screen", async () => {
    const admin = await signedInRequest({ role: "admin", name: "Ambitious Admin" });
    const owner = await signedInRequest({ role: "super_admin", name: "Site Owner" });
    const before = await stateOf(owner.userId);
    const audited = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.targetId, owner.userId))).length;
    const auditedBefore = await audited();
    for (const fields of [
      { userId: owner.userId, role: "member", tier: "free" },
      { userId: owner.userId, role: "admin", tier: "free" },
      { userId: owner.userId, role: "super_admin", tier: "lifetime" },
    ]) {
      const answer = await post(usersAction, admin.cookie, fields);
      expect(answer.init?.status).toBe(403);
      expect(answer.data?.formError).toBe("admin.users.superAdminOnly");
    }
    for (const intent of ["grant", "revoke"]) {
      const answer = await post(subscriptionsAction, admin.cookie, {
        intent,
        userId: owner.userId,
        reason: "taking over",
      });
      expect(answer.init?.status).toBe(403);
      expect(answer.data?.formError).toBe("admin.users.superAdminOnly");
    }
    expect(await stateOf(owner.userId)).toEqual(before);
    expect(await audited()).toBe(auditedBefore);
  });

  it("can be changed by another super admin", async () => {
    const superAdmin = await signedInRequest({ role: "super_admin", name: "Co Owner" });
    const owner = await signedInRequest({ role: "super_admin", name: "Leaving Owner" });
    const answer = await post(usersAction, superAdmin.cookie, {
      userId: owner.userId,
      role: "admin",
      tier: "free",
    });
    expect(answer.data).toMatchObject({ ok: true });
    expect((await stateOf(owner.userId))!.role).toBe("admin");
    const granted = await post(subscriptionsAction, superAdmin.cookie, {
      intent: "grant",
      userId: owner.userId,
      reason: "thank you",
    });
    expect(granted.data).toMatchObject({ ok: true });
  });
});
