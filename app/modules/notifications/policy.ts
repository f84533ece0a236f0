import { canAdminister, type Actor } from "#app/modules/auth";

/** The Admin tab (new members, content to review, sales) is the team's: admins only (SPEC §4). */
export function canSeeAdminNotices(actor: Actor): boolean {
  return canAdminister(actor);
}
