import { isAdminRole, isSuperAdminRole } from "#app/modules/auth";
import type { Role } from "#app/modules/profiles";

type Person = { id: string; role: Role | null };

/**
 * Whether an admin may change anything of `target`'s account (role, membership): admins manage
 * members and admins; a super admin's account is changed by a super admin only, so an admin
 * cannot demote, downgrade or take over the people above them.
 */
export function canManageMember(actor: Person, target: Person): boolean {
  if (!isAdminRole(actor.role)) return false;
  return !isSuperAdminRole(target.role) || isSuperAdminRole(actor.role);
}

/**
 * Who may give or take which role: canManageMember, and only a super admin may grant super
 * admin; nobody removes their own admin role (the site must keep one).
 */
export function canChangeRole(actor: Person, target: Person, next: Role | null): boolean {
  if (!canManageMember(actor, target)) return false;
  if (actor.id === target.id && next !== actor.role) return false;
  if (isSuperAdminRole(next) && !isSuperAdminRole(actor.role)) return false;
  return true;
}
