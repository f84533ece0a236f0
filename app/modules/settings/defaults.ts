import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from "./colors";

/** Every setting the product knows, its default, and whether browsers may see it. */
export const SETTING_DEFINITIONS = {
  site_name: { default: "Sanctuary", isPublic: true },
  site_description: {
    default:
      "A members-only community for mystical and occult practice: learn, share and grow with fellow practitioners.",
    isPublic: true,
  },
  logo_url: { default: "", isPublic: true },
  favicon_url: { default: "", isPublic: true },
  banner_url: { default: "", isPublic: true },
  primary_color: { default: DEFAULT_PRIMARY, isPublic: true },
  secondary_color: { default: DEFAULT_SECONDARY, isPublic: true },
  company_name: { default: "Sanctuary Community Ltd", isPublic: true },
  company_address: {
    default: "1 Lantern Lane, Glastonbury BA6 9AA, United Kingdom",
    isPublic: true,
  },
  support_url: { default: "", isPublic: true },
  /**
   * Members-only reading (reading/policy.ts): "false" is SPEC §1's open browsing; "true" shows
   * guests discussion titles and the sign-up screen, not bodies, profiles or the member list.
   */
  members_only_reading: { default: "false", isPublic: true },
  /**
   * Partner search sites (SPEC §2: an education coven site and an amulet shop): a name and a
   * search address with {query} where the term goes. Empty hides the partner.
   */
  search_partner1_name: { default: "", isPublic: true },
  search_partner1_url: { default: "", isPublic: true },
  search_partner2_name: { default: "", isPublic: true },
  search_partner2_url: { default: "", isPublic: true },
  /** Full membership: monthly price in minor units (3000 = 30.00, SPEC §4) and its currency. */
  membership_price: { default: "3000", isPublic: true },
  membership_currency: { default: "USD", isPublic: true },
  /** Money-back guarantee in days (SPEC §1); refunds inside it end premium access at once. */
  guarantee_days: { default: "30", isPublic: true },
  /** The comparison table of /subscription (JSON, see app/modules/memberships/comparison.ts). */
  membership_comparison: { default: "", isPublic: true },
  /**
   * The oracles block and the side navigation (SPEC §2): the three external reading sites, each
   * hidden while its address is empty; the tarot-reading page opened after a consultation is
   * booked (empty: none); and the consultation master's name (SPEC §1 "master {name}").
   */
  oracle_demon_url: { default: "", isPublic: true },
  oracle_angelic_url: { default: "", isPublic: true },
  oracle_elenthos_url: { default: "", isPublic: true },
  tarot_reading_url: { default: "", isPublic: true },
  consultation_master_name: { default: "Morgana", isPublic: true },
  /**
   * The AI guide's limits (decision 061): messages per visitor session (a member: per account)
   * and per client address, per hour and per day; guests get fewer than members.
   */
  chat_guest_per_hour: { default: "20", isPublic: false },
  chat_guest_per_day: { default: "60", isPublic: false },
  chat_member_per_hour: { default: "60", isPublic: false },
  chat_member_per_day: { default: "300", isPublic: false },
  chat_ip_per_hour: { default: "150", isPublic: false },
  chat_ip_per_day: { default: "600", isPublic: false },
  /** Days a chat conversation is kept after its newest message (decision 062). */
  chat_retention_days: { default: "180", isPublic: false },
  /** Days raw analytics events are kept; daily rollups stay (decision 068). */
  analytics_retention_days: { default: "90", isPublic: false },
  /** Where new-member notices and admin mail go; never shown to visitors. */
  admin_email: { default: "", isPublic: false },
} as const;

export type SettingKey = keyof typeof SETTING_DEFINITIONS;
export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[];
export type PublicSettingKey = {
  [K in SettingKey]: (typeof SETTING_DEFINITIONS)[K]["isPublic"] extends true ? K : never;
}[SettingKey];
/**
 * What browsers see: every public setting (its default until saved), `favicon_version` once a
 * favicon was saved, and any other row marked public.
 */
export type PublicSettings = Record<PublicSettingKey, string> &
  Record<string, string> & { favicon_version?: string };
