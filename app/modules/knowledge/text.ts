/*
 * Query words for retrieval: lower-cased letters and digits of any script, without the words that
 * say nothing about the subject ("how", "do", "i", "the" …) in the languages the site speaks most.
 */

const STOP = new Set(
  // English
  (
    "a an and are as at be been but by can could do does did for from has have how i if in into is it its me my of on or our so than that the their them then there these they this to up us was we what when where which who why will with would you your about any some should may get " +
    // Spanish, Portuguese, Italian, French
    "el la los las un una unos de del en y o que qué como cómo es son por para con se mi mis su sus al lo le les des du et est sont pour avec une je il elle nous vous comment quoi où o os as um uma do da dos das em no na é e para como eu il lo gli di che è per con come dove chi un una " +
    // German, Dutch
    "der die das ein eine und ist sind wie was wo wer ich du sie es mit für von zu auf den dem im kann het een de en is zijn hoe wat waar ik je van voor met op " +
    // Polish, Turkish, Russian
    "i w z na jak co czy to jest się do nie bir ve bu ne nasıl mı mi için ile и в на как что это с по не я ли для"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+/gu;
export const MAX_QUERY_CHARS = 200;

export function queryWords(query: string): string[] {
  const words = (query.slice(0, MAX_QUERY_CHARS).toLowerCase().match(WORD) ?? []).filter(
    (w) => !STOP.has(w),
  );
  return [...new Set(words)].slice(0, 16);
}

/** An OR-of-words tsquery text (each word a prefix when long enough), or null for no words. */
export function orQuery(words: readonly string[]): string | null {
  if (words.length === 0) return null;
  return words.map((w) => (w.length >= 4 ? `${w}:*` : w)).join(" | ");
}

/** Sentences of a passage. */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * The most relevant few sentences of a passage for the query words: the window of up to three
 * consecutive sentences (at most ~400 characters) holding the most distinct query words
 * (prefix-matched so "meditate" finds "meditation").
 */
export function bestPassage(text: string, words: readonly string[], maxChars = 400): string {
  const list = sentences(text);
  if (list.length === 0) return "";
  const stems = words.map((w) => (w.length > 5 ? w.slice(0, 5) : w));
  const hits = (s: string) => {
    const lower = s.toLowerCase();
    return new Set(stems.filter((stem) => lower.includes(stem)));
  };
  let best = { start: 0, end: 1, score: -1 };
  for (let start = 0; start < list.length; start++) {
    const found = new Set<string>();
    let length = 0;
    for (let end = start; end < Math.min(list.length, start + 3); end++) {
      length += list[end]!.length + 1;
      if (end > start && length > maxChars) break;
      for (const h of hits(list[end]!)) found.add(h);
      const score = found.size * 10 - (end - start);
      if (score > best.score) best = { start, end: end + 1, score };
    }
  }
  const passage = list.slice(best.start, best.end).join(" ");
  return passage.length > maxChars + 100 ? `${passage.slice(0, maxChars).trimEnd()}…` : passage;
}
