import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from "./colors";

/** Every setting the product knows, its default, and whether browsers may see it. */
export const SETTING_DEFINITIONS = {
  site_name: { default: "Sanctuary", isPublic: true },
  site_description: {
    default: "A members-only community for mystical and occult practice: learn, share and grow with fellow practitioners.",
    isPublic: true,
  },
  logo_url: { default: "", isPublic: true },
  favicon_url: { default: "", isPublic: true },
  banner_url: { default: "", isPublic: true },
  primary_color: { default: DEFAULT_PRIMARY, isPublic: true },
  secondary_color: { default: DEFAULT_SECONDARY, isPublic: true },
  company_name: { default: "Sanctuary Community Ltd", isPublic: true },
  company_address: { default: "1 Lantern Lane, Glastonbury BA6 9AA, United Kingdom", isPublic: true },
  support_url: { default: "", isPublic: true },
  /** Where new-member notices and admin mail go; never shown to visitors. */
  admin_email: { default: "", isPublic: false },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
export type PublicSettings = Record<string, string> & { favicon_version?: string };
