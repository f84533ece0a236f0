import { z } from "zod";
import { normalizeExpiry } from "./card-input";
import { normalizeCardNumber } from "./test-cards";

/** A checkout or payment id from a URL: anything that is not a UUID is simply not found. */
export const idSchema = z.uuid();

export const CARD_NAME_MAX = 100;

/**
 * The built-in provider's card page. Format checks only: the test card number decides the
 * outcome (builtin-provider.server.ts), expiry, CVC and name are never checked against anything.
 */
export const cardFormSchema = z.object({
  cardNumber: z
    .string()
    .transform(normalizeCardNumber)
    .pipe(
      z
        .string()
        .min(1, "checkout.errors.cardRequired")
        .regex(/^\d{12,19}$/, "checkout.errors.cardFormat"),
    ),
  // Typed as digits ("1230") or with a slash: read as MM/YY (card-input.ts).
  expiry: z
    .string()
    .trim()
    .min(1, "checkout.errors.expiryRequired")
    .transform(normalizeExpiry)
    .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "checkout.errors.expiryFormat")),
  cvc: z
    .string()
    .trim()
    .min(1, "checkout.errors.cvcRequired")
    .regex(/^\d{3,4}$/, "checkout.errors.cvcFormat"),
  name: z
    .string()
    .trim()
    .min(1, "checkout.errors.nameRequired")
    .max(CARD_NAME_MAX, "checkout.errors.nameTooLong"),
});

/** The order summary's "Continue to payment" form. */
export const checkoutFormSchema = z.object({
  intent: z.literal("checkout", { error: "checkout.errors.form" }),
});

/** The billing screen's buttons. */
export const billingActionSchema = z.object({
  intent: z.enum(["cancel", "resume", "check", "portal"], {
    error: "billing.errors.unknownAction",
  }),
});
