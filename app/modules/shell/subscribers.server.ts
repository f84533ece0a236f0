import { subscribe } from "#app/modules/events/index.server";
import { publish } from "#app/modules/realtime/index.server";

/** Open pages refresh the sidebar's discussion count when a post becomes visible. */
export const shellSubscriptions = [
  subscribe("post.published", "counts", (tx) =>
    publish(tx, { to: { everyone: true }, type: "counts", data: { kind: "discussions" } }),
  ),
];
