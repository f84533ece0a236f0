import { subscribe } from "#app/modules/events/index.server";
import { recordPurchase } from "./experiments.server";

/** A/B tests' second metric: a premium membership bought under a variant (decision 069). */
export const experimentSubscriptions = [
  subscribe("payment.succeeded", "ab-tests", (tx, event) =>
    recordPurchase(tx, event.userId, event.paymentId),
  ),
];
