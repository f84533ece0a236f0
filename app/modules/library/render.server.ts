import { plainText } from "#app/lib/plain-text";
import { renderMarkdown } from "#app/lib/markdown.server";
import { firstSection, wordCount } from "./excerpt";
import { WORDS_PER_MINUTE } from "./types";

/** A heading of a text, for its table of contents. */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
  "&#x27;": "'",
};

/**
 * Gives the second- and third-level headings of sanitized HTML anchors of our own (`s-1`, `s-2`
 * …, in order; any id the heading had is replaced) and lists them for the table of contents. The
 * ids are ours alone, so nothing a writer types can collide with the page's own ids.
 */
export function withHeadingAnchors(html: string, prefix = "s"): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const anchored = html.replace(
    /<h([23])((?:\s[^>]*)?)>([\s\S]*?)<\/h\1>/g,
    (_whole, level: string, attributes: string, inner: string) => {
      const id = `${prefix}-${toc.length + 1}`;
      const text = inner
        .replace(/<[^>]*>/g, "")
        .replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (entity) => ENTITIES[entity] ?? entity)
        .trim();
      toc.push({ id, text, level: Number(level) as 2 | 3 });
      const kept = attributes.replace(/\s(?:id|class)="[^"]*"/g, "");
      return `<h${level}${kept} id="${id}">${inner}</h${level}>`;
    },
  );
  return { html: anchored, toc };
}

/** What an article's save stores beside its Markdown: HTML, the free excerpt, its text, minutes. */
export function renderArticle(
  body: string,
  chapterBodies: readonly string[] = [],
): { bodyHtml: string; excerptHtml: string; publicText: string; readingMinutes: number } {
  // A work with chapters gives its introduction (the body) when it has one, else its first chapter.
  const freeSource = firstSection(body.trim() !== "" ? body : (chapterBodies[0] ?? ""));
  const words = wordCount(body) + chapterBodies.reduce((sum, text) => sum + wordCount(text), 0);
  return {
    bodyHtml: renderMarkdown(body),
    excerptHtml: renderMarkdown(freeSource),
    publicText: plainText(freeSource).slice(0, 4_000),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
  };
}
