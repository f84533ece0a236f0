/** A table's separator line (`| --- | :-: |`): structure, no text. */
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/;
/** A thematic break (`---`, `***`, `_ _ _`). */
const THEMATIC_BREAK = /^\s*([-*_])(\s*\1){2,}\s*$/;
/** What opens a line structurally: quote markers, then a heading's hashes or a list bullet. */
const LINE_MARKERS = /^\s*(>\s*)*(#{1,6}\s+|[-*+]\s+|\d{1,9}[.)]\s+)?/;

/**
 * Plain text of Markdown, for excerpts and search results: no markup characters, collapsed
 * whitespace. Structural markers (headings, quotes, list bullets, table pipes and rules) go only
 * where Markdown reads them as structure, so the text keeps "C#", "-5 °C", "a > b" and "a - b";
 * emphasis markers vanish and hug their words ("**day**." → "day."). Code blocks and images
 * drop out; a link keeps its text.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .split(/\r?\n/)
    .map((line) =>
      TABLE_RULE.test(line) || THEMATIC_BREAK.test(line) ? "" : line.replace(LINE_MARKERS, ""),
    )
    .join("\n")
    .replace(/[*_`~]+/g, "")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
