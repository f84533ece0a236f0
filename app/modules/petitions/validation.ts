import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { PETITION_COMMANDS, PETITION_STATUSES } from "./machine";
import { PETITION_AGES, PETITION_LIMITS as L } from "./policy";

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value ?? "");

/** A calendar day, YYYY-MM-DD, in a sane range. */
const day = (message: string) =>
  z.iso
    .date({ message })
    .refine((value) => value >= "2000-01-01" && value <= "2199-12-31", { message });

/** A member's request (/request-ritual). */
export const petitionSchema = z.object({
  kindId: z.uuid("petitions.errors.kindRequired"),
  intention: text(L.intention, "petitions.errors.intentionRequired", "petitions.errors.tooLong"),
  details: optionalText(L.details, "petitions.errors.tooLong"),
  names: optionalText(L.names, "petitions.errors.tooLong"),
  preferredDate: z
    .union([z.literal(""), day("petitions.errors.badDate")])
    .optional()
    .transform((value) => value || null),
  // The rules checkbox: sent as "on" when ticked.
  consent: z.literal("on", { error: "petitions.errors.consentRequired" }),
});
export type PetitionInput = z.output<typeof petitionSchema>;

/** An admin's status change on /admin/rituals/{id}: `from` is the status the screen showed. */
export const petitionCommandSchema = z.object({
  command: z.enum(PETITION_COMMANDS, { error: "errors.badRequest" }),
  from: z.enum(PETITION_STATUSES, { error: "errors.badRequest" }),
  reason: optionalText(L.reason, "petitions.errors.tooLong"),
  date: z
    .union([z.literal(""), day("petitions.errors.badDate")])
    .optional()
    .transform((value) => value || null),
  report: optionalText(L.report, "petitions.errors.tooLong"),
});

export const petitionNoteSchema = z.object({
  body: text(L.note, "petitions.errors.noteRequired", "petitions.errors.tooLong"),
});

/** A ritual kind as an admin writes it. */
export const ritualKindSchema = z.object({
  name: text(L.kindName, "petitions.errors.kindNameRequired", "petitions.errors.tooLong"),
  description: optionalText(L.kindDescription, "petitions.errors.tooLong"),
  position: z.coerce
    .number({ error: "petitions.errors.badPosition" })
    .int("petitions.errors.badPosition")
    .min(0, "petitions.errors.badPosition")
    .max(10_000, "petitions.errors.badPosition")
    .default(0),
  active: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export const ritualKindUpdateSchema = ritualKindSchema.extend({ id: idSchema });

/** The admin queue's filters, from the address; anything else falls back to the default. */
export const petitionQueueSchema = z.object({
  status: z.enum(PETITION_STATUSES).optional().catch(undefined),
  age: z.enum(PETITION_AGES).optional().catch(undefined),
  sort: z.enum(["newest", "oldest"]).catch("newest").default("newest"),
});

/** A photo for a performed ritual: the id of the admin's finished upload. */
export const petitionPhotoSchema = z.object({ photoId: idSchema });
