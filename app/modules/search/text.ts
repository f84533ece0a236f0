import { plainText } from "#app/lib/plain-text";
import { EXCERPT_LENGTH, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, SPELLING } from "./limits";

/**
 * SPEC §5: the trimmed term, or null when it is under 2 characters (no results, not logged).
 * Control characters count as spaces: PostgreSQL refuses a NUL in text, and none is typed.
 */
export function normalizeTerm(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const term = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .trim()
    .replace(/\s+/g, " ")
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
  return Array.from(term).length >= SEARCH_MIN_LENGTH ? term : null;
}

/**
 * The words of a term as the user meant them: websearch syntax (quotes, a leading minus for
 * exclusion, OR) removed, so excerpts and highlights look for what was actually asked for.
 */
export function termWords(term: string): string[] {
  return term
    .split(/\s+/)
    .filter((w) => !w.startsWith("-") && w.toLowerCase() !== "or")
    .map((w) => w.replace(/^["'@]+|["']+$/g, ""))
    .filter((w) => w.length > 0);
}

/** A run of word characters, as PostgreSQL's text parser splits a term into words. */
const WORD_RUN = /[\p{L}\p{M}\p{N}_]+/gu;
const LETTERS_ONLY = /^[\p{L}\p{M}]+$/u;

/** Whether a run of word characters is a word the dictionary could hold (letters only, 3–32). */
function correctable(run: string): boolean {
  const length = Array.from(run).length;
  return length >= SPELLING.minLength && length <= SPELLING.maxLength && LETTERS_ONLY.test(run);
}

/**
 * The words of a term spelling correction may replace, as typed, each once, at most
 * `SPELLING.words`: runs of 3 to 32 letters (a run with digits or an underscore is one word to the
 * parser, and the dictionary holds none), outside a websearch exclusion ("-word") and not the
 * operator OR.
 */
export function correctableWords(term: string): string[] {
  const words = new Set<string>();
  for (const token of term.split(" ")) {
    if (token.startsWith("-") || token.toLowerCase() === "or") continue;
    for (const [run] of token.matchAll(WORD_RUN)) if (correctable(run)) words.add(run);
  }
  return [...words].slice(0, SPELLING.words);
}

/**
 * The term with each corrected word replaced by its correction (keyed by the word as typed),
 * websearch syntax, punctuation and the other words as they were. Null when nothing changes.
 */
export function applyCorrections(
  term: string,
  corrections: ReadonlyMap<string, string>,
): string | null {
  if (corrections.size === 0) return null;
  const corrected = term
    .split(" ")
    .map((token) =>
      token.startsWith("-") || token.toLowerCase() === "or"
        ? token
        : token.replace(WORD_RUN, (run) => corrections.get(run) ?? run),
    )
    .join(" ");
  return corrected === term ? null : corrected;
}

/** The word most likely to locate the match in a long text: the longest one. */
export function anchorWord(term: string): string {
  return termWords(term).reduce((best, w) => (w.length > best.length ? w : best), "") || term;
}

/**
 * At most `length` characters of `text` around the first occurrence of the term (else of its
 * longest word, else of any word), ellipses included, cut at word boundaries where possible. The
 * match sits about a third of the way in, so a little context precedes it.
 */
export function excerptAround(text: string, term: string, length = EXCERPT_LENGTH): string {
  const plain = plainText(text);
  if (plain.length <= length) return plain;
  const lower = plain.toLowerCase();
  const needles = [term, anchorWord(term), ...termWords(term)]
    .map((n) => n.toLowerCase())
    .filter(Boolean);
  let at = -1;
  for (const needle of needles) {
    at = lower.indexOf(needle);
    if (at >= 0) break;
  }
  let start = at < 0 ? 0 : Math.max(0, at - Math.floor(length / 3));
  // Start at a word: skip the cut word's remainder unless that would jump past the match.
  if (start > 0 && plain[start - 1] !== " ") {
    const space = plain.indexOf(" ", start);
    if (space >= 0 && (at < 0 || space < at)) start = space + 1;
  }
  const lead = start > 0 ? "…" : "";
  let body = plain.slice(start, start + length - lead.length);
  const cut = start + body.length < plain.length;
  if (cut) {
    body = body.slice(0, length - lead.length - 1);
    const space = body.lastIndexOf(" ");
    if (space > body.length * 0.6) body = body.slice(0, space);
    body = body.trimEnd();
  }
  return `${lead}${body}${cut ? "…" : ""}`;
}

/**
 * Splits `text` into plain and matched parts for highlighting: matches of the term's words,
 * case-insensitive. Pure, so the server-rendered and hydrated markup agree.
 */
export function highlightParts(
  text: string,
  term: string,
): Array<{ text: string; match: boolean }> {
  const words = termWords(term)
    .filter((w) => w.length >= 2)
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (words.length === 0) return [{ text, match: false }];
  // split() with one capturing group alternates: even items between matches, odd items matches.
  return text
    .split(new RegExp(`(${words.join("|")})`, "iu"))
    .map((part, i) => ({ text: part, match: i % 2 === 1 }))
    .filter((part) => part.text !== "");
}
