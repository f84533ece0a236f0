import { adminSubscriptions } from "#app/modules/admin/subscribers.server";
import { bookSubscriptions } from "#app/modules/books/subscribers.server";
import { analyticsSubscriptions } from "#app/modules/analytics/subscribers.server";
import { consultationSubscriptions } from "#app/modules/consultations/subscribers.server";
import { experimentSubscriptions } from "#app/modules/experiments/subscribers.server";
import { covenEventSubscriptions } from "#app/modules/coven-events/subscribers.server";
import { knowledgeSubscribers } from "#app/modules/knowledge/subscribers.server";
import { notificationSubscriptions } from "#app/modules/notifications/subscribers.server";
import { paymentSubscriptions } from "#app/modules/payments/subscribers.server";
import { petitionSubscriptions } from "#app/modules/petitions/subscribers.server";
import { reputationSubscriptions } from "#app/modules/reputation/subscribers.server";
import { shellSubscriptions } from "#app/modules/shell/subscribers.server";
import { videoSubscriptions } from "#app/modules/videos/subscribers.server";
import type { Subscription } from "./subscribe.server";

// The registry reads each module's list by path, not through its index.server: the lists
// subscribe through this module's entry, and a module's whole server API here would be a cycle.

/** Every module that reacts to domain events. A new subscribing module adds its list here. */
export const SUBSCRIPTIONS: readonly Subscription[] = [
  ...notificationSubscriptions,
  ...adminSubscriptions,
  ...reputationSubscriptions,
  ...shellSubscriptions,
  ...covenEventSubscriptions,
  ...paymentSubscriptions,
  ...videoSubscriptions,
  ...petitionSubscriptions,
  ...consultationSubscriptions,
  ...knowledgeSubscribers,
  ...experimentSubscriptions,
  ...bookSubscriptions,
  ...analyticsSubscriptions,
] as readonly Subscription[];
