import { z } from "zod";
import { idSchema } from "#app/lib/ids";

/** Where open tabs post their page views and heartbeats (server/app.ts answers it directly). */
export const ANALYTICS_BEACON_PATH = "/api/analytics";

/** Longest path stored; longer ones are cut (a path is never a reason to refuse a view). */
export const PATH_MAX = 500;

/**
 * POST /api/analytics: a client navigation (`view`) or a heartbeat of an open tab (`beat`), with
 * the page's path (no query string: it may carry a token).
 */
export const beaconSchema = z.object({
  kind: z.enum(["view", "beat"]),
  path: z
    .string()
    .min(1)
    .max(2000)
    .regex(/^\/(?!\/)/)
    .transform((p) => p.split(/[?#]/)[0]!.slice(0, PATH_MAX)),
});
export type BeaconInput = z.infer<typeof beaconSchema>;

/** The admin screens' range: days ending today (UTC), compared with the same number before. */
export const RANGE_DAYS = [7, 30, 90, 365] as const;
export const rangeSchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => (RANGE_DAYS as readonly number[]).includes(d))
    .catch(30),
});

/** Days raw analytics events are kept (setting `analytics_retention_days`). */
export const ANALYTICS_RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;

/** A member's activity screen: delete one record, or all of them. */
export const activityActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: idSchema }),
  z.object({ intent: z.literal("delete-all") }),
]);
