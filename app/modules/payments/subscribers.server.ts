import { subscribe } from "#app/modules/events/index.server";
import { queueBillingEmail } from "./emails.server";

/** The billing e-mails, each queued once per event in the subscriber's transaction. */
export const paymentSubscriptions = [
  subscribe("payment.succeeded", "billing-email", async (tx, payment) => {
    if (!payment.contact) return;
    await queueBillingEmail(tx, payment.contact, {
      kind: "receipt",
      amount: payment.amount,
      currency: payment.currency,
      receiptNumber: payment.receiptNumber,
      paidAt: payment.paidAt,
      periodEnd: payment.periodEnd,
    });
  }),

  subscribe("payment.failed", "billing-email", (tx, failed) =>
    queueBillingEmail(tx, failed.contact, {
      kind: "paymentFailed",
      amount: failed.amount,
      currency: failed.currency,
    }),
  ),

  subscribe("membership.cancelled", "billing-email", (tx, cancelled) =>
    queueBillingEmail(tx, cancelled.contact, {
      kind: "cancellation",
      accessUntil: cancelled.accessUntil,
    }),
  ),
];
