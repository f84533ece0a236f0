/*
 * The free part of a premium text (issue 13 §1: "the summary and first section to everyone"):
 * the Markdown before its second heading, at most `MAX_SECTION` characters. A text without a
 * second heading gives its first three paragraphs, and never more than a third of itself, so a
 * premium article with one heading or none does not give itself away whole.
 */

const HEADING = /^ {0,3}#{1,6}[ \t]/;
const FENCE = /^ {0,3}(```|~~~)/;
const FREE_PARAGRAPHS = 3;
const MAX_SECTION = 4_000;

export function firstSection(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let inFence = false;
  let headings = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (FENCE.test(line)) inFence = !inFence;
    if (inFence || !HEADING.test(line)) continue;
    headings++;
    // A heading on the first non-blank line opens the first section; the next one ends it.
    const before = lines.slice(0, i).join("\n").trim();
    if (headings === 1 && before === "") continue;
    if (before !== "") return cut(before, MAX_SECTION);
  }
  return limitToAThird(firstParagraphs(markdown), markdown);
}

function firstParagraphs(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/)
    .slice(0, FREE_PARAGRAPHS)
    .join("\n\n");
}

function limitToAThird(excerpt: string, whole: string): string {
  return cut(excerpt, Math.min(MAX_SECTION, Math.floor(whole.trim().length / 3)));
}

function cut(excerpt: string, cap: number): string {
  if (excerpt.length <= cap) return excerpt;
  // Cut at the last paragraph break inside the cap, else at its last space.
  // Room for the " …" that marks a cut.
  const slice = excerpt.slice(0, Math.max(0, cap - 2));
  const breakAt = slice.lastIndexOf("\n\n");
  if (breakAt > cap / 2) return slice.slice(0, breakAt).trim();
  const space = slice.lastIndexOf(" ");
  return space > 0 ? `${slice.slice(0, space)} …` : "";
}

/** Words in a Markdown text, for the reading time. */
export function wordCount(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
