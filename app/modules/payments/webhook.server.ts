import { logger } from "#app/lib/logger.server";
import { processBillingEvent } from "./events.server";
import { stripeProvider } from "./provider.server";
import { WebhookSignatureError } from "./stripe-provider.server";

/**
 * POST /api/payments/stripe/webhook: verifies the Stripe signature on the raw body, then hands
 * the event to the one billing code path. A bad or missing signature is a 400 that changes
 * nothing; a replayed event is a 200 that changes nothing (Stripe stops retrying it).
 */
export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
): Promise<{ status: number; body: string }> {
  const provider = stripeProvider();
  if (!provider) return { status: 404, body: "Stripe is not configured." };
  let event;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ reason: error.message }, "stripe webhook refused: bad signature");
      return { status: 400, body: "Invalid signature." };
    }
    throw error;
  }
  const outcome = await processBillingEvent(provider, event);
  logger.info(
    { eventId: event.eventId, type: event.providerType, outcome: outcome.status },
    "stripe webhook",
  );
  return { status: 200, body: outcome.status };
}
