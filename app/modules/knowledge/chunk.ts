import { plainText } from "#app/lib/plain-text";

/** A passage of a document: the heading it sits under and its plain text. */
export interface Chunk {
  heading: string;
  /** 1-based count of h2/h3 headings before and at this chunk (0 for the lead), for anchors. */
  section: number;
  text: string;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(```|~~~)/;
/** Target size of a passage in characters: a few paragraphs, enough for a quoted answer. */
export const CHUNK_CHARS = 900;

/**
 * Cuts Markdown into passages by headings, then by paragraphs when a section is longer than
 * CHUNK_CHARS. Each passage is plain text; the caller carries the document title into each.
 */
export function chunkMarkdown(markdown: string): Chunk[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const sections: Array<{ heading: string; section: number; lines: string[] }> = [
    { heading: "", section: 0, lines: [] },
  ];
  let inFence = false;
  let count = 0;
  for (const line of lines) {
    if (FENCE.test(line)) inFence = !inFence;
    const match = inFence ? null : HEADING.exec(line);
    if (match) {
      const level = match[1]!.length;
      if (level === 2 || level === 3) count++;
      if (level === 1 && sections.length === 1 && sections[0]!.lines.join("").trim() === "") {
        continue; // a leading H1 repeats the title
      }
      sections.push({ heading: plainText(match[2] ?? "").trim(), section: count, lines: [] });
      continue;
    }
    sections.at(-1)!.lines.push(line);
  }
  const chunks: Chunk[] = [];
  for (const section of sections) {
    const paragraphs = section.lines
      .join("\n")
      .split(/\n\s*\n/)
      .map((p) => plainText(p).replace(/\s+/g, " ").trim())
      .filter((p) => p !== "");
    let current = "";
    for (const paragraph of paragraphs) {
      if (current !== "" && current.length + paragraph.length > CHUNK_CHARS) {
        chunks.push({ heading: section.heading, section: section.section, text: current });
        current = "";
      }
      current = current === "" ? paragraph : `${current}\n${paragraph}`;
    }
    if (current !== "")
      chunks.push({ heading: section.heading, section: section.section, text: current });
  }
  return chunks;
}
