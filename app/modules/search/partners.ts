/**
 * Partner search sites (SPEC §2: an education coven site and an amulet shop), configured by admins
 * in site settings as a name and a URL template with `{query}` where the term goes. A partner
 * with either part empty is not shown.
 */
export const PARTNER_SLOTS = [
  { nameKey: "search_partner1_name", urlKey: "search_partner1_url" },
  { nameKey: "search_partner2_name", urlKey: "search_partner2_url" },
] as const;

export const QUERY_PLACEHOLDER = "{query}";

export interface PartnerSite {
  name: string;
  urlTemplate: string;
}

/** Whether a template is usable: an http(s) address that says where the term goes. */
export function isPartnerTemplate(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value) && value.includes(QUERY_PLACEHOLDER);
}

/** The configured partners, from the public settings the root loader sends. */
export function partnerSites(settings: Record<string, string | undefined>): PartnerSite[] {
  return PARTNER_SLOTS.flatMap(({ nameKey, urlKey }) => {
    const name = settings[nameKey]?.trim() ?? "";
    const urlTemplate = settings[urlKey]?.trim() ?? "";
    return name && isPartnerTemplate(urlTemplate) ? [{ name, urlTemplate }] : [];
  });
}

/** The partner's search address for a term (the term URL-encoded). */
export function partnerHref(partner: PartnerSite, term: string): string {
  return partner.urlTemplate.split(QUERY_PLACEHOLDER).join(encodeURIComponent(term));
}
