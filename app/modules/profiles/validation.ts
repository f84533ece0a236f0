import { z } from "zod";
import { LOCALE_CODES } from "#app/i18n/locales";

import { displayNameField } from "./display-name";
import { BIO_MAX, SLUG_MAX } from "./limits";

export const profileSettingsSchema = z.object({
  displayName: displayNameField({
    tooShort: "settings.errors.displayNameTooShort",
    tooLong: "settings.errors.displayNameTooLong",
    invalid: "settings.errors.displayNameInvalid",
  }),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(3, "settings.errors.slugTooShort")
    .max(SLUG_MAX, "settings.errors.slugTooLong")
    .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u, "settings.errors.slugInvalid")
    .refine((s) => !/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(s), "settings.errors.slugInvalid"),
  bio: z.string().trim().max(BIO_MAX, "settings.errors.bioTooLong").default(""),
  language: z.union([z.literal(""), z.enum(LOCALE_CODES as [string, ...string[]])]).default(""),
  /** A checkbox: present ("on") when ticked, absent otherwise. */
  notificationSound: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  /** Announcements (admin broadcasts) by e-mail as well; their unsubscribe link clears it. */
  broadcastEmails: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});

export type ProfileSettingsInput = z.infer<typeof profileSettingsSchema>;
