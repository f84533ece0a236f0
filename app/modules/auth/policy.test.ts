import { describe, expect, it } from "vitest";
import { actors, type ActorName } from "../../../tests/helpers/actors";
import { ADMIN_ROLES, canAdminister, isAdminRole, isSuperAdminRole } from "./policy";

describe("auth policy", () => {
  it("knows the admin roles, and only those", () => {
    expect(ADMIN_ROLES).toEqual(["admin", "super_admin"]);
    expect([
      isAdminRole("admin"),
      isAdminRole("super_admin"),
      isAdminRole(null),
      isAdminRole(undefined),
    ]).toEqual([true, true, false, false]);
    expect([
      isSuperAdminRole("super_admin"),
      isSuperAdminRole("admin"),
      isSuperAdminRole(null),
    ]).toEqual([true, false, false]);
  });

  const administers: Record<ActorName, boolean> = {
    guest: false,
    member: false,
    premium: false,
    lifetime: false,
    author: false,
    admin: true,
    superAdmin: true,
  };
  it.each(Object.entries(administers))("canAdminister(%s) is %s", (name, expected) => {
    expect(canAdminister(actors[name as ActorName])).toBe(expected);
  });

  it("gives admins premium access, and paid tiers, but not a free member", () => {
    expect([
      actors.member!.isPremium,
      actors.premium!.isPremium,
      actors.lifetime!.isPremium,
      actors.admin!.isPremium,
    ]).toEqual([false, true, true, true]);
  });
});
