import type { Route } from "./+types/stripe-webhook";
import { handleStripeWebhook } from "#app/modules/payments/index.server";

/** Stripe's webhook endpoint: the raw body is read as text, exactly as Stripe signed it. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  const { status, body } = await handleStripeWebhook(
    await request.text(),
    request.headers.get("stripe-signature"),
  );
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
