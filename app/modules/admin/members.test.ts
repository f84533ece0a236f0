import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { getViewer } from "#app/modules/auth/viewer.server";
import { auditLog } from "./schema";
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
    const viewer = await getViewer(new Request("http://localhost/", { headers: { cookie: member.cookie } }));
    expect(viewer).toMatchObject({ tier: "full", subscribed: true, isPremium: true });
    const rows = await db().select().from(auditLog).where(eq(auditLog.targetId, member.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.userId, action: "member.tier", details: { from: "free", to: "full" } });
    await changeMember(admin.userId, member.userId, { tier: "free" });
    const back = await getViewer(new Request("http://localhost/", { headers: { cookie: member.cookie } }));
    expect(back).toMatchObject({ tier: "free", subscribed: false, isPremium: false });
  });

  it("lists and searches members by name or e-mail", async () => {
    const { email } = await signedInRequest({ name: "Findable Person" });
    expect((await listMembers({ search: "findable" })).rows.map((r) => r.email)).toEqual([email]);
    expect((await listMembers({ search: email.slice(0, 10) })).rows.map((r) => r.email)).toContain(email);
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
