import { EXCERPT_LENGTH } from "./limits";

/** Plain text of Markdown, for excerpts: no markup characters, collapsed whitespace. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    // Emphasis markers vanish ("**day**." → "day."); structural ones become spaces.
    .replace(/[*_`~]+/g, "")
    .replace(/(^|\s)[#>|-]+/g, "$1")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function excerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const text = plainText(markdown);
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** Member slugs mentioned as @slug (letters of any script, digits, hyphens), at most 10. */
export function mentionedSlugs(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:^|[^\p{L}\p{N}_@/])@([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)/gu)) {
    found.add(match[1].toLowerCase());
    if (found.size >= 10) break;
  }
  return [...found];
}
