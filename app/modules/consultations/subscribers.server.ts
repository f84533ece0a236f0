import { subscribe } from "#app/modules/events/index.server";
import { notify } from "#app/modules/notifications/index.server";
import { queueBookedEmail, queueCancelledEmail, queueDiscardedEmail } from "./emails.server";

/** What a member hears of their consultation; each runs as its own job (decision 030). */
export const consultationSubscriptions = [
  subscribe("consultation.booked", "notifications", (tx, event) =>
    notify(tx, {
      userId: event.userId,
      content: { kind: "consultationBooked", master: event.masterName },
      actionUrl: "/consultation",
    }),
  ),
  subscribe("consultation.booked", "consultation-email", (tx, event) =>
    queueBookedEmail(tx, event),
  ),
  subscribe("consultation.cancelled", "consultation-email", (tx, event) =>
    queueCancelledEmail(tx, event),
  ),
  subscribe("consultation.discarded", "notifications", (tx, event) =>
    notify(tx, {
      userId: event.userId,
      content: { kind: "consultationDiscarded", master: event.masterName, reason: event.reason },
      actionUrl: "/consultation",
    }),
  ),
  subscribe("consultation.discarded", "consultation-email", (tx, event) =>
    queueDiscardedEmail(tx, event),
  ),
];
