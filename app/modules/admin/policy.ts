import type { Role } from "#app/modules/profiles/ranks";

/**
 * Who may give or take which role: admins manage members and admins; only a super admin may
 * grant or remove super admin; nobody removes their own admin role (the site must keep one).
 */
export function canChangeRole(actor: { id: string; role: Role | null }, target: { id: string; role: Role | null }, next: Role | null): boolean {
  if (actor.role !== "admin" && actor.role !== "super_admin") return false;
  if (actor.id === target.id && next !== actor.role) return false;
  if ((target.role === "super_admin" || next === "super_admin") && actor.role !== "super_admin") return false;
  return true;
}
