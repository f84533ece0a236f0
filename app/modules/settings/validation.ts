import { z } from "zod";
import { PARTNER_SLOTS, isPartnerTemplate } from "#app/modules/search";
import { normalizeHex } from "./colors";

const color = z
  .string()
  .trim()
  .refine((v) => normalizeHex(v) !== null, "admin.settings.errors.colorInvalid")
  .transform((v) => normalizeHex(v)!);

const urlOrPath = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === "" || v.startsWith("/") || /^https?:\/\//i.test(v),
    "admin.settings.errors.urlInvalid",
  );

/** An external site opened in a new tab: http(s) only, or empty to hide it. */
const externalUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v),
    "admin.settings.errors.externalUrlInvalid",
  )
  .default("");

const partnerName = z.string().trim().max(60).default("");
const partnerUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || isPartnerTemplate(v), "admin.settings.errors.partnerUrlInvalid")
  .default("");

/** A chat limit: a whole number of messages, at least 1 (decision 061). */
const chatLimit = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, "admin.settings.errors.chatLimitInvalid")
  .refine((v) => Number(v) >= 1 && Number(v) <= 100_000, "admin.settings.errors.chatLimitInvalid");

/** The chat settings' names (limits per visitor and per address, retention). */
export const CHAT_LIMIT_KEYS = [
  "chat_guest_per_hour",
  "chat_guest_per_day",
  "chat_member_per_hour",
  "chat_member_per_day",
  "chat_ip_per_hour",
  "chat_ip_per_day",
] as const;

export const siteSettingsSchema = z
  .object({
    site_name: z.string().trim().min(1, "admin.settings.errors.siteNameRequired").max(60),
    site_description: z.string().trim().max(300),
    logo_url: urlOrPath.default(""),
    favicon_url: urlOrPath.default(""),
    banner_url: urlOrPath.default(""),
    primary_color: color,
    secondary_color: color,
    company_name: z.string().trim().max(120).default(""),
    company_address: z.string().trim().max(300).default(""),
    support_url: urlOrPath.default(""),
    // A checkbox: sent as "on" when ticked, absent when not.
    members_only_reading: z
      .string()
      .optional()
      .transform((v) => (v === "on" || v === "true" ? "true" : "false")),
    admin_email: z
      .union([z.literal(""), z.email("admin.settings.errors.emailInvalid")])
      .default(""),
    search_partner1_name: partnerName,
    search_partner1_url: partnerUrl,
    search_partner2_name: partnerName,
    search_partner2_url: partnerUrl,
    oracle_demon_url: externalUrl,
    oracle_angelic_url: externalUrl,
    oracle_elenthos_url: externalUrl,
    tarot_reading_url: externalUrl,
    consultation_master_name: z
      .string()
      .trim()
      .min(1, "admin.settings.errors.masterNameRequired")
      .max(60)
      .default("Morgana"),
    chat_guest_per_hour: chatLimit.default("20"),
    chat_guest_per_day: chatLimit.default("60"),
    chat_member_per_hour: chatLimit.default("60"),
    chat_member_per_day: chatLimit.default("300"),
    chat_ip_per_hour: chatLimit.default("150"),
    chat_ip_per_day: chatLimit.default("600"),
    chat_retention_days: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, "admin.settings.errors.retentionInvalid")
      .refine((v) => Number(v) >= 1 && Number(v) <= 3650, "admin.settings.errors.retentionInvalid")
      .default("180"),
    analytics_retention_days: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, "admin.settings.errors.retentionInvalid")
      .refine((v) => Number(v) >= 1 && Number(v) <= 3650, "admin.settings.errors.retentionInvalid")
      .default("90"),
  })
  .superRefine((values, ctx) => {
    // A day allows at least what an hour does (else the hour's number would never be reached).
    for (const who of ["guest", "member", "ip"] as const) {
      const hour = Number(values[`chat_${who}_per_hour`]);
      const day = Number(values[`chat_${who}_per_day`]);
      if (day < hour)
        ctx.addIssue({
          code: "custom",
          path: [`chat_${who}_per_day`],
          message: "admin.settings.errors.chatDayBelowHour",
        });
    }
    // A partner needs both parts; one alone would silently not show.
    for (const { nameKey, urlKey } of PARTNER_SLOTS) {
      const name = values[nameKey];
      const url = values[urlKey];
      if (name && !url)
        ctx.addIssue({
          code: "custom",
          path: [urlKey],
          message: "admin.settings.errors.partnerIncomplete",
        });
      if (url && !name)
        ctx.addIssue({
          code: "custom",
          path: [nameKey],
          message: "admin.settings.errors.partnerIncomplete",
        });
    }
  });

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
