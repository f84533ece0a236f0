import { subscribe } from "#app/modules/events/index.server";
import { publish } from "#app/modules/realtime/index.server";

/** Every admin's open pages raise the Sales badge and show an alert (components/sales-link.tsx). */
export const adminSubscriptions = [
  subscribe("payment.succeeded", "sales-alert", (tx, payment) =>
    publish(tx, {
      to: { admins: true },
      type: "sale",
      data: { amount: payment.amount, currency: payment.currency, member: payment.memberName },
    }),
  ),
];
