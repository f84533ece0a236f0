import { plainText } from "#app/lib/plain-text";
import { EXCERPT_LENGTH } from "./limits";

/** A discussion's excerpt: its plain text, cut to `length` characters with an ellipsis. */
export function excerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const text = plainText(markdown);
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** `@slug`: letters of any script, digits and inner hyphens, not preceded by a word, `@` or `/`. */
const MENTION = /(^|[^\p{L}\p{N}_@/])@([\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)/gu;

/** Member slugs mentioned as @slug, lower-cased, at most `max` (10 notify per text). */
export function mentionedSlugs(text: string, max = 10): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    found.add(match[2].toLowerCase());
    if (found.size >= max) break;
  }
  return [...found];
}

/** Elements whose text is never turned into mention links: links already, and code. */
const NO_LINKS_INSIDE = new Set(["a", "code", "pre"]);

/**
 * Rendered (sanitized) HTML with every `@slug` of a member in `known` made a link to their
 * profile, outside links and code. Works on the sanitizer's output, where text never holds a
 * `<`, so splitting at tags is exact; the link text is the mention as written.
 */
export function linkMentions(html: string, known: ReadonlySet<string>): string {
  if (known.size === 0) return html;
  let shielded = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      const tag = /^<(\/?)([a-z0-9]+)/i.exec(part);
      if (tag) {
        if (NO_LINKS_INSIDE.has(tag[2].toLowerCase())) shielded += tag[1] ? -1 : 1;
        return part;
      }
      if (shielded > 0 || !part.includes("@")) return part;
      return part.replace(MENTION, (whole, before: string, written: string) => {
        const slug = written.toLowerCase();
        return known.has(slug)
          ? `${before}<a href="/profile/${encodeURIComponent(slug)}" class="mention">@${written}</a>`
          : whole;
      });
    })
    .join("");
}
