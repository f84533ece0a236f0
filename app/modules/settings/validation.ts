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
  })
  .superRefine((values, ctx) => {
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
