import type { Member } from "#app/modules/auth";

/** A receipt is its owner's, and the team's (admins answer billing questions and refunds). */
export function canViewReceipt(
  viewer: Pick<Member, "id" | "isAdmin"> | null,
  receipt: { ownerId: string },
): boolean {
  return viewer !== null && (viewer.isAdmin || viewer.id === receipt.ownerId);
}
