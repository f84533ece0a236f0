/**
 * "Lunar, Tarot , lunar" → ["lunar", "tarot"]: the tags a member typed, lower case, spaces as
 * hyphens, one each, in the order written (covens and videos).
 */
export function splitTags(raw: string): string[] {
  const tags = raw
    .split(",")
    .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, "-"))
    .filter((tag) => tag.length > 0);
  return [...new Set(tags)];
}
