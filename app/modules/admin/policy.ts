import { isAdminRole } from "#app/modules/memberships/policy";
import type { Role } from "#app/modules/profiles/ranks";

type Person = { id: string; role: Role | null };

/**
 * Whether an admin may change anything of `target`'s account (role, membership): admins manage
 * members and admins; a super admin's account is changed by a super admin only, so an admin
 * cannot demote, downgrade or take over the people above them.
 */
export function canManageMember(actor: Person, target: Person): boolean {
  if (!isAdminRole(actor.role)) return false;
  return target.role !== "super_admin" || actor.role === "super_admin";
}

/**
 * Who may give or take which role: canManageMember, and only a super admin may grant super
 * admin; nobody removes their own admin role (the site must keep one).
 */
export function canChangeRole(actor: Person, target: Person, next: Role | null): boolean {
  if (!canManageMember(actor, target)) return false;
  if (actor.id === target.id && next !== actor.role) return false;
  if (next === "super_admin" && actor.role !== "super_admin") return false;
  return true;
}
