import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { TIERS, minorUnitDigits } from "#app/modules/memberships";
import { numberFormat } from "#app/lib/intl";

/** The status filter of /admin/subscriptions; `cancelling` = cancelled at period end, access until then. */
export const SUBSCRIPTION_STATUS_FILTERS = [
  "active",
  "past_due",
  "canceled",
  "cancelling",
] as const;
export type SubscriptionStatusFilter = (typeof SUBSCRIPTION_STATUS_FILTERS)[number];

/** The query string of /admin/subscriptions; anything unknown falls back to "all". */
export const subscriptionFiltersSchema = z.object({
  tier: z.enum(TIERS).or(z.literal("")).catch(""),
  status: z.enum(SUBSCRIPTION_STATUS_FILTERS).or(z.literal("")).catch(""),
  q: z.string().trim().max(200).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export const PREMIUM_REASON_MAX = 500;

/** Manual grant or revoke of premium: the reason is required and goes into the audit log. */
export const premiumByHandSchema = z.object({
  intent: z.enum(["grant", "revoke"], "errors.badRequest"),
  userId: idSchema,
  reason: z
    .string()
    .trim()
    .min(3, "admin.subscriptions.errors.reasonRequired")
    .max(PREMIUM_REASON_MAX, "admin.subscriptions.errors.reasonTooLong"),
});

export const refundSchema = z.object({
  intent: z.literal("refund", "errors.badRequest"),
  paymentId: idSchema,
});

export { pageNumberSchema as pageSchema } from "#app/lib/page-number";

/** Largest membership price accepted, in major units (a typo guard, not a business rule). */
export const PRICE_MAX_MAJOR = 100_000;
export const GUARANTEE_DAYS_MAX = 365;

function knownCurrency(code: string): boolean {
  try {
    numberFormat("en", { style: "currency", currency: code });
    return (
      typeof Intl.supportedValuesOf !== "function" ||
      Intl.supportedValuesOf("currency").includes(code)
    );
  } catch {
    return false;
  }
}

/**
 * The "Plans & pricing" form of /admin/billing. The price is typed as a decimal (30.00) and
 * stored in minor units ("3000") with as many decimals as the currency has (none for JPY). The
 * output is the site settings to save.
 */
export const pricingFormSchema = z
  .object({
    membership_price: z.string().trim().min(1, "admin.billing.errors.priceRequired"),
    membership_currency: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(
        (v) => /^[A-Z]{3}$/.test(v) && knownCurrency(v),
        "admin.billing.errors.currencyInvalid",
      ),
    guarantee_days: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, "admin.billing.errors.guaranteeInvalid")
      .transform(Number)
      .refine((v) => v <= GUARANTEE_DAYS_MAX, "admin.billing.errors.guaranteeInvalid"),
  })
  .transform((values, ctx) => {
    const digits = minorUnitDigits(values.membership_currency);
    const pattern = digits > 0 ? new RegExp(`^\\d{1,9}(?:[.,]\\d{1,${digits}})?$`) : /^\d{1,9}$/;
    const price = values.membership_price;
    if (!pattern.test(price)) {
      ctx.addIssue({
        code: "custom",
        path: ["membership_price"],
        message:
          digits > 0 ? "admin.billing.errors.priceInvalid" : "admin.billing.errors.priceWhole",
      });
      return z.NEVER;
    }
    const [whole, fraction = ""] = price.split(/[.,]/);
    const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
    if (minor <= 0) {
      ctx.addIssue({
        code: "custom",
        path: ["membership_price"],
        message: "admin.billing.errors.pricePositive",
      });
      return z.NEVER;
    }
    if (minor > PRICE_MAX_MAJOR * 10 ** digits) {
      ctx.addIssue({
        code: "custom",
        path: ["membership_price"],
        message: "admin.billing.errors.priceTooHigh",
      });
      return z.NEVER;
    }
    return {
      membership_price: String(minor),
      membership_currency: values.membership_currency,
      guarantee_days: String(values.guarantee_days),
    };
  });

/** Minor units back to the decimal the pricing form shows: 3000 USD → "30.00". */
export function priceInputValue(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}
