import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { CONSULTATION_LIMITS } from "./policy";

/** The member's page: book a slot (the rules ticked), or cancel an upcoming booking. */
export const consultationActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("book"),
      slotId: idSchema,
      rules: z.literal("on", "consultations.errors.rulesRequired"),
    }),
    z.object({ intent: z.literal("cancel"), id: idSchema }),
  ],
  "errors.badRequest",
);

/** "2026-12-15T10:00" as a datetime-local field sends it (seconds allowed and ignored). */
const wallTime = z
  .string("consultations.errors.startRequired")
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "consultations.errors.startRequired");

const durations = CONSULTATION_LIMITS.durations.map(String) as [string, ...string[]];

/** The admin's screen: add slots (one, or every weekday at that time for N weeks), publish, discard. */
export const consultationAdminSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("createSlots"),
      start: wallTime,
      duration: z.enum(durations, "consultations.errors.duration").transform(Number),
      repeat: z.enum(["none", "weekdays"], "errors.badRequest").default("none"),
      weeks: z.coerce
        .number("consultations.errors.weeks")
        .int("consultations.errors.weeks")
        .min(1, "consultations.errors.weeks")
        .max(CONSULTATION_LIMITS.repeatWeeks, "consultations.errors.weeks")
        .default(1),
    }),
    z.object({ intent: z.literal("publish"), id: idSchema }),
    z.object({ intent: z.literal("unpublish"), id: idSchema }),
    z.object({
      intent: z.literal("discard"),
      id: idSchema,
      reason: z
        .string("consultations.errors.reasonRequired")
        .trim()
        .min(3, "consultations.errors.reasonRequired")
        .max(CONSULTATION_LIMITS.reason, "consultations.errors.reasonTooLong"),
    }),
  ],
  "errors.badRequest",
);

export const CONSULTATION_FILTERS = ["upcoming", "past", "discarded", "cancelled"] as const;
export type ConsultationFilter = (typeof CONSULTATION_FILTERS)[number];
export function isConsultationFilter(value: unknown): value is ConsultationFilter {
  return typeof value === "string" && (CONSULTATION_FILTERS as readonly string[]).includes(value);
}
