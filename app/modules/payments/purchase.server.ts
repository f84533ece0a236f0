import { and, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { isUniqueViolation } from "#app/db/errors.server";
import { CardDeclinedError, CheckoutRefusedError } from "./builtin-provider.server";
import { processBillingEvent } from "./events.server";
import { BillingRefusedError } from "./membership.server";
import { builtinProvider, checkoutProvider, providerNamed } from "./provider.server";
import { payments, purchaseCheckouts, type ProductKind } from "./schema";

/*
 * One-time purchases (decision 064): a product (a book) bought once, through the same providers
 * and the same event path as the membership. A member has one open checkout per product: pressing
 * Buy again returns to it, or replaces it when the price or the provider changed.
 */

export interface Product {
  kind: ProductKind;
  id: string;
  name: string;
  amount: number;
  currency: string;
}

/** Whether the member holds a paid (not refunded) purchase of the product. */
export async function holdsPurchase(userId: string, kind: ProductKind, productId: string) {
  const [row] = await db()
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.productKind, kind),
        eq(payments.productId, productId),
        eq(payments.status, "paid"),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Starts (or returns to) the member's checkout for a product and gives the address to send the
 * browser to. `successPath` gets `?checkout={id}` appended. Refused ("alreadyOwned") when the
 * member already holds it.
 */
export async function startPurchase(
  member: { userId: string; email: string },
  product: Product,
  siteUrl: string,
  paths: { success: string; cancel: string },
): Promise<string> {
  if (await holdsPurchase(member.userId, product.kind, product.id))
    throw new BillingRefusedError("alreadyMember");
  const provider = checkoutProvider();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [open] = await db()
      .select()
      .from(purchaseCheckouts)
      .where(
        and(
          eq(purchaseCheckouts.userId, member.userId),
          eq(purchaseCheckouts.productKind, product.kind),
          eq(purchaseCheckouts.productId, product.id),
          eq(purchaseCheckouts.status, "open"),
        ),
      )
      .limit(1);
    if (open) {
      const owner = providerNamed(open.provider);
      const result = owner ? await owner.purchaseResult(open.providerSessionId) : null;
      if (result?.status === "paid") {
        if (result.event && owner) await processBillingEvent(owner, result.event);
        throw new BillingRefusedError("alreadyMember");
      }
      const same =
        open.provider === provider.name &&
        open.amount === product.amount &&
        open.currency === product.currency;
      if (result?.status === "open" && same && open.providerSessionId !== "pending") {
        const redirect = await redirectOf(open.provider, open.id, open.providerSessionId);
        if (redirect) return redirect;
      }
      await db()
        .update(purchaseCheckouts)
        .set({ status: "expired" })
        .where(and(eq(purchaseCheckouts.id, open.id), eq(purchaseCheckouts.status, "open")));
      if (result?.status === "open" && owner && open.provider === "stripe")
        await owner.expireCheckout(open.providerSessionId).catch(() => undefined);
      continue;
    }
    let checkoutId: string;
    try {
      checkoutId = firstRow(
        await db()
          .insert(purchaseCheckouts)
          .values({
            userId: member.userId,
            provider: provider.name,
            providerSessionId: "pending",
            productKind: product.kind,
            productId: product.id,
            productName: product.name,
            amount: product.amount,
            currency: product.currency,
          })
          .returning({ id: purchaseCheckouts.id }),
        "new purchase checkout",
      ).id;
    } catch (error) {
      if (isUniqueViolation(error, "purchase_checkouts_one_open_idx")) continue;
      throw error;
    }
    try {
      const started = await provider.startPurchase({
        checkoutId,
        userId: member.userId,
        email: member.email,
        amount: product.amount,
        currency: product.currency,
        productKind: product.kind,
        productId: product.id,
        productName: product.name,
        successUrl: `${siteUrl}${paths.success}?checkout=${checkoutId}`,
        cancelUrl: `${siteUrl}${paths.cancel}`,
      });
      await db()
        .update(purchaseCheckouts)
        .set({ providerSessionId: started.providerSessionId })
        .where(eq(purchaseCheckouts.id, checkoutId));
      return started.redirectUrl;
    } catch (error) {
      await db()
        .update(purchaseCheckouts)
        .set({ status: "expired" })
        .where(eq(purchaseCheckouts.id, checkoutId));
      throw error;
    }
  }
  throw new BillingRefusedError("checkoutInProgress");
}

async function redirectOf(provider: "stripe" | "builtin", id: string, sessionId: string) {
  if (provider === "builtin") return `/checkout/purchase/${id}`;
  const status = await providerNamed("stripe")?.checkoutStatus(sessionId);
  return status?.status === "open" ? status.redirectUrl : null;
}

export type PurchaseResult =
  | { status: "paid" | "pending"; productKind: ProductKind; productId: string; refunded: boolean }
  | { status: "unknown" };

/**
 * The success page's answer for this member's purchase checkout, asked of the provider (never
 * taken from the address). A paid Stripe checkout whose webhook has not arrived yet is granted
 * here through the same event path; the payment's unique id keeps it to one grant.
 */
export async function confirmPurchase(userId: string, checkoutId: string): Promise<PurchaseResult> {
  const [checkout] = await db()
    .select()
    .from(purchaseCheckouts)
    .where(and(eq(purchaseCheckouts.id, checkoutId), eq(purchaseCheckouts.userId, userId)))
    .limit(1);
  if (!checkout) return { status: "unknown" };
  const product = { productKind: checkout.productKind, productId: checkout.productId };
  const owned = await holdsPurchase(userId, checkout.productKind, checkout.productId);
  if (owned) return { status: "paid", ...product, refunded: false };
  const provider = providerNamed(checkout.provider);
  if (!provider || checkout.providerSessionId === "pending")
    return { status: "pending", ...product, refunded: false };
  const result = await provider.purchaseResult(checkout.providerSessionId);
  if (result.status === "paid") {
    if (result.event) await processBillingEvent(provider, result.event);
    const held = await holdsPurchase(userId, checkout.productKind, checkout.productId);
    // Paid, and no longer held: it was refunded since.
    return { status: "paid", ...product, refunded: !held };
  }
  return { status: "pending", ...product, refunded: false };
}

export type PurchaseCardState =
  | { kind: "notFound" }
  | { kind: "paid"; checkoutId: string }
  | { kind: "expired"; productKind: ProductKind; productId: string }
  | {
      kind: "open";
      checkout: { id: string; amount: number; currency: string; productName: string };
    };

/** What the built-in purchase card page shows for this member's checkout. */
export async function purchaseCardState(
  userId: string,
  checkoutId: string,
): Promise<PurchaseCardState> {
  const [checkout] = await db()
    .select()
    .from(purchaseCheckouts)
    .where(
      and(
        eq(purchaseCheckouts.id, checkoutId),
        eq(purchaseCheckouts.userId, userId),
        eq(purchaseCheckouts.provider, "builtin"),
      ),
    )
    .limit(1);
  if (!checkout) return { kind: "notFound" };
  if (checkout.status === "complete") return { kind: "paid", checkoutId: checkout.id };
  if (checkout.status === "expired")
    return { kind: "expired", productKind: checkout.productKind, productId: checkout.productId };
  return {
    kind: "open",
    checkout: {
      id: checkout.id,
      amount: checkout.amount,
      currency: checkout.currency,
      productName: checkout.productName,
    },
  };
}

/** The built-in card page's payment; CardDeclinedError for a refused card, nothing granted. */
export async function payBuiltinPurchase(
  userId: string,
  checkoutId: string,
  cardNumber: string,
  now: Date = new Date(),
): Promise<void> {
  try {
    await builtinProvider().payPurchase(checkoutId, userId, cardNumber, now);
  } catch (error) {
    if (error instanceof CheckoutRefusedError) throw new BillingRefusedError("checkoutClosed");
    throw error;
  }
}

export { CardDeclinedError };
