/**
 * A URL slug from any text: lower case, diacritics dropped, letters and digits of every script
 * kept (so Arabic or Japanese names still give a readable slug), everything else a hyphen;
 * `fallback` when nothing is left (a title of only punctuation or emoji).
 */
export function slugify(text: string, maxLength = 60, fallback = "member"): string {
  const slug = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
  return slug || fallback;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC §5: an identifier of the 8-4-4-4-12 hex shape is a user id, anything else a slug. */
export function isUserId(identifier: string): boolean {
  return UUID.test(identifier);
}
