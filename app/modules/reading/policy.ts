/**
 * Who may read what (SPEC §1: visitors browse; the admin setting "Members-only reading" closes
 * that, like Discourse's "login required"). One rule, used by every loader that shows community
 * content to a visitor: discussion lists and threads, profiles, the member list, /explore, the
 * home page's member highlights, search, /sitemap.xml and robots.txt (and any feed added later).
 *
 * - `full`: everything a visitor may see today (members, or anyone while the setting is off).
 * - `titles`: a guest while reading is members-only: discussion titles and the sign-up screen;
 *   no post or comment bodies, no profiles, no member list, no member search results.
 *
 * The informational pages (about, help, FAQ, privacy, terms, refunds), the membership page and
 * signing in stay open in both modes.
 */
export type ReadingAccess = "full" | "titles";

/** The site setting (site_settings, admin screen /admin/settings); "true" turns it on. */
export const MEMBERS_ONLY_SETTING = "members_only_reading";

export function membersOnlyFrom(value: string | null | undefined): boolean {
  return value === "true";
}

export function readingAccess(input: { membersOnly: boolean; signedIn: boolean }): ReadingAccess {
  return input.membersOnly && !input.signedIn ? "titles" : "full";
}

/** The screens a guest meets the sign-up screen on instead, while reading is members-only. */
export type MembersOnlyScreen = "discussion" | "profile" | "members" | "explore";

/** Paths that show members' own content only (profiles, the member list): out of sitemaps then. */
export const MEMBERS_ONLY_PATHS = ["/members", "/profile/"] as const;

/** Whether a public path may be listed for crawlers under this access. */
export function listablePath(path: string, access: ReadingAccess): boolean {
  return (
    access === "full" ||
    !MEMBERS_ONLY_PATHS.some((prefix) => path === prefix || path.startsWith(prefix))
  );
}
