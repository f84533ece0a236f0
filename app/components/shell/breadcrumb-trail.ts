import { isUserId } from "#app/modules/profiles/slug";

/** "/help/community-guidelines" → Help (/help), Community Guidelines (/help/community-guidelines). */
export function breadcrumbTrail(pathname: string): Array<{ segment: string; label: string; href: string }> {
  const segments = pathname.split("/").filter(Boolean);
  return segments
    .map((segment, index) => ({
    segment,
    label: decodeURIComponent(segment)
      .replace(/-/g, " ")
      .replace(/\b\p{L}/gu, (c) => c.toUpperCase()),
    href: "/" + segments.slice(0, index + 1).join("/"),
    }))
    // Ids (a conversation, a member's user id) mean nothing to a reader: they are left out.
    .filter((crumb) => !isUserId(crumb.segment));
}
