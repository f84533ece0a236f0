import { describe, expect, it } from "vitest";
import { memberActor } from "../../../tests/helpers/actors";
import { canChangeRole, canManageMember } from "./policy";

const member = memberActor("m");
const admin = memberActor("a", { role: "admin" });
const otherAdmin = memberActor("a2", { role: "admin" });
const superAdmin = memberActor("s", { role: "super_admin" });

describe("admin policy", () => {
  it("lets admins manage members and admins, and only super admins manage super admins", () => {
    expect(canManageMember(member, member)).toBe(false);
    expect(canManageMember(admin, member)).toBe(true);
    expect(canManageMember(admin, otherAdmin)).toBe(true);
    expect(canManageMember(admin, superAdmin)).toBe(false);
    expect(canManageMember(superAdmin, superAdmin)).toBe(true);
  });

  it("grants super admin from a super admin only, and nobody drops their own role", () => {
    expect(canChangeRole(admin, member, "admin")).toBe(true);
    expect(canChangeRole(admin, member, "super_admin")).toBe(false);
    expect(canChangeRole(superAdmin, member, "super_admin")).toBe(true);
    expect(canChangeRole(admin, admin, null)).toBe(false);
    expect(canChangeRole(superAdmin, superAdmin, "admin")).toBe(false);
    expect(canChangeRole(member, member, "admin")).toBe(false);
  });
});
