/**
 * Where a viewer stands for the membership screens: a guest (sign up first), a free member
 * (may check out), or a paying member (manages the membership on /billing). Admins are premium
 * by role but may still buy a membership, so only the tier counts here.
 */
export type ViewerPlan = "guest" | "free" | "paid";

export function viewerPlan(viewer: { tier: string } | null | undefined): ViewerPlan {
  if (!viewer) return "guest";
  return viewer.tier === "free" ? "free" : "paid";
}

/** Where the membership page's main button leads for each viewer. */
export const PLAN_CTA_HREF: Record<ViewerPlan, string> = {
  guest: "/auth?tab=signup&redirectTo=/subscription",
  free: "/checkout",
  paid: "/billing",
};

/**
 * Whether to invite the viewer to become a full member ("Become a full member" in the header):
 * guests and members without full-member access, never someone who has it (a full member of any
 * tier, or an admin by role).
 */
export function offersFullMembership(viewer: { isPremium: boolean } | null | undefined): boolean {
  return !viewer?.isPremium;
}
