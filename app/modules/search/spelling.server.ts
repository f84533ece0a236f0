import { sql, type SQL } from "drizzle-orm";
import type { ReadingAccess } from "#app/modules/reading";
import { runSearchStatement } from "./capacity.server";
import { SPELLING } from "./limits";
import { searchWords } from "./schema";
import { applyCorrections, correctableWords } from "./text";

/**
 * For each word, its most similar dictionary words (`SPELLING.candidates`), unless the dictionary
 * holds the word itself. The `%` operator (pg_trgm similarity at least its threshold, 0.3) is
 * served by the trigram index on `search_words.word`, so a look-up reads the few words sharing
 * trigrams with the typed one rather than any post.
 *
 * A guest of members-only reading searches post titles only (reading/policy.ts), so is corrected
 * only to words readable there (`guest_documents`): a correction must never name a word the asker
 * could not have found.
 */
function candidatesStatement(words: string[], access: ReadingAccess) {
  const readable = (table: SQL) =>
    access === "full" ? sql`true` : sql`${table}.guest_documents > 0`;
  const typed = sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  );
  return sql`select q.word, c.word as candidate, c.documents, c.similarity
    from unnest(array[${typed}]) as q(word)
    cross join lateral (
      select w.word, w.documents, similarity(w.word, lower(q.word))::float8 as similarity from ${searchWords} w
      where w.word % lower(q.word) and ${readable(sql`w`)} and similarity(w.word, lower(q.word)) >= ${SPELLING.minSimilarity}::float4
      order by similarity desc, w.documents desc, w.word
      limit ${SPELLING.candidates}::int
    ) c
    where not exists (select 1 from ${searchWords} known where known.word = lower(q.word) and ${readable(sql`known`)})`;
}

interface Candidate {
  word: string;
  candidate: string;
  documents: number;
  similarity: number;
}

/**
 * The correction among a word's candidates: fewest edits (a letter added, dropped, changed, or two
 * neighbours swapped: "protecton" is one edit from "protection" but two from "protect", which
 * shares more trigrams), then the word more documents hold, then the most similar.
 */
export function bestCandidate(
  typed: string,
  candidates: ReadonlyArray<Omit<Candidate, "word">>,
): string | null {
  const lower = typed.toLowerCase();
  let best: { word: string; edits: number; documents: number; similarity: number } | null = null;
  for (const c of candidates) {
    const next = {
      word: c.candidate,
      edits: editDistance(lower, c.candidate),
      documents: Number(c.documents),
      similarity: Number(c.similarity),
    };
    if (
      !best ||
      next.edits < best.edits ||
      (next.edits === best.edits &&
        (next.documents > best.documents ||
          (next.documents === best.documents && next.similarity > best.similarity)))
    )
      best = next;
  }
  return best?.word ?? null;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  // The table row by row, keeping the two rows above; a cell outside the table is unreachable.
  const at = (row: readonly number[], j: number) => row[j] ?? Infinity;
  let twoUp: number[] = [];
  let up = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let distance = Math.min(at(up, j) + 1, at(row, j - 1) + 1, at(up, j - 1) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        distance = Math.min(distance, at(twoUp, j - 2) + 1);
      row.push(distance);
    }
    twoUp = up;
    up = row;
  }
  return at(up, y.length);
}

/**
 * The term with its misspelt words corrected (decision 027), or null when no word of it needs
 * or has a correction: a word the dictionary holds is never changed. One statement in the
 * search's turn (capacity.server.ts), like the searches themselves.
 */
export async function correctSpelling(term: string, access: ReadingAccess): Promise<string | null> {
  const words = correctableWords(term);
  if (words.length === 0) return null;
  const rows = await runSearchStatement<Candidate>(candidatesStatement(words, access));
  const corrections = new Map<string, string>();
  for (const word of words) {
    const best = bestCandidate(
      word,
      rows.filter((row) => row.word === word),
    );
    if (best) corrections.set(word, best);
  }
  return applyCorrections(term, corrections);
}
