import type { Viewer } from "#app/modules/auth/index.server";
import { viewerPlan } from "#app/modules/memberships";
import { confirmCheckout, openBuiltinCheckout } from "./membership.server";
import { idSchema } from "./validation";

/**
 * What the built-in card page (/checkout/pay/:checkoutId) shows for this member and checkout:
 * another member's checkout, a malformed id or a Stripe checkout is simply not found.
 */
export type CardPageState =
  | { kind: "notFound" }
  /** Already paid (a second tab, a double submit, the back button): on to /payment-success. */
  | { kind: "paid"; checkoutId: string }
  /** The member already has a paid membership (bought in another tab): on to /billing. */
  | { kind: "member" }
  | { kind: "expired" }
  | { kind: "open"; checkout: { id: string; amount: number; currency: string } };

export async function cardPageState(
  viewer: Viewer,
  rawId: string | undefined,
): Promise<CardPageState> {
  const id = idSchema.safeParse(rawId);
  if (!id.success) return { kind: "notFound" };
  const checkout = await openBuiltinCheckout(viewer.user.id, id.data);
  if (!checkout) return { kind: "notFound" };
  if (checkout.status === "complete") return { kind: "paid", checkoutId: checkout.id };
  if (checkout.status === "expired") return { kind: "expired" };
  if (viewerPlan(viewer) === "paid") return { kind: "member" };
  return {
    kind: "open",
    checkout: { id: checkout.id, amount: checkout.amount, currency: checkout.currency },
  };
}

/** /payment-success: the provider's answer for this member's checkout ("unknown" for a malformed id). */
export async function paymentResult(
  userId: string,
  rawId: string | null,
): Promise<"paid" | "pending" | "unknown"> {
  const id = idSchema.safeParse(rawId);
  if (!id.success) return "unknown";
  return confirmCheckout(userId, id.data);
}
