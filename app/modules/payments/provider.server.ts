import { config } from "#app/lib/config.server";
import { createBuiltinProvider } from "./builtin-provider.server";
import { processBillingEvent } from "./events.server";
import { createStripeProvider } from "./stripe-provider.server";
import type { BillingProvider, ProviderName } from "./types";

type Builtin = ReturnType<typeof createBuiltinProvider>;
type StripeProvider = ReturnType<typeof createStripeProvider>;

let builtin: Builtin | undefined;
let stripe: StripeProvider | undefined;
let stripeFor: string | undefined;

/** The built-in test-card provider; its events go through the same path as Stripe's webhooks. */
export function builtinProvider(): Builtin {
  builtin ??= createBuiltinProvider((event, now) =>
    processBillingEvent(builtinProvider(), event, now),
  );
  return builtin;
}

/** Stripe, when STRIPE_SECRET_KEY is set. */
export function stripeProvider(): StripeProvider | undefined {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL } = config();
  if (!STRIPE_SECRET_KEY) return undefined;
  const key = `${STRIPE_SECRET_KEY}|${STRIPE_WEBHOOK_SECRET}|${STRIPE_API_URL}`;
  if (!stripe || stripeFor !== key) {
    stripe = createStripeProvider({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiUrl: STRIPE_API_URL,
    });
    stripeFor = key;
  }
  return stripe;
}

/** The provider new checkouts use: Stripe when configured, else the built-in one. */
export function checkoutProvider(): BillingProvider {
  return stripeProvider() ?? builtinProvider();
}

/** The provider that bills an existing membership (it keeps its provider after a switch). */
export function providerNamed(name: ProviderName): BillingProvider | undefined {
  return name === "stripe" ? stripeProvider() : builtinProvider();
}
