/*
 * Cross-language query expansion (decision 066): the site's content is English, so a question in
 * another language gains the English words of the site's vocabulary it mentions ("¿Cómo cancelo
 * mi membresía?" → cancel, membership). Pure: the lexicon is data in `lexicon/`.
 */
import { LEXICONS, SUBSTRING_LANGUAGES, type Concept } from "./lexicon";
import { MAX_QUERY_CHARS } from "./text";

/** English words one query may gain (the query's own words keep their 16). */
export const MAX_EXPANSIONS = 12;

export interface Expansion {
  /** English words to add, in the order the query mentions their concepts, without repeats. */
  words: string[];
  /** The query's own words (lower-cased) that the lexicon recognised. */
  matched: string[];
}

interface Term {
  concept: Concept;
  /** Normalised words of the term (one for a word, several for a phrase). */
  text: string;
  whole: boolean;
}

const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The form both the lexicon and the query are compared in: lower case, Latin letters without
 * accents (visitors often omit them), Arabic without vowel marks and tatweel, with its alef,
 * alef maqsura and ta marbuta variants folded.
 */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
    .replace(/[أإآ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه");
}

function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const compiled = new Map<string, Term[]>();

function termsOf(language: string): Term[] {
  const cached = compiled.get(language);
  if (cached) return cached;
  const terms: Term[] = [];
  const lexicon = LEXICONS[language] ?? {};
  for (const [concept, list] of Object.entries(lexicon) as Array<[Concept, string]>) {
    for (const raw of list.split(/\s+/).filter(Boolean)) {
      const whole = raw.endsWith(".");
      const text = tokens(normalise(raw.replace(/[_-]/g, " "))).join(" ");
      if (text) terms.push({ concept, text, whole });
    }
  }
  compiled.set(language, terms);
  return terms;
}

/** Arabic clitics: the conjunctions و ف, then the article ال with its prepositions. */
const AR_CONJUNCTION = /^[وف](?=\p{L}{3})/u;
const AR_ARTICLE = /^(?:ال|بال|كال|لل)(?=\p{L}{2})/u;

/** The forms of a query word a term may begin: the word itself and, in Arabic, without clitics. */
function variants(word: string): string[] {
  if (!/[\u0600-\u06FF]/.test(word)) return [word];
  const forms = new Set([word]);
  const bare = word.replace(AR_CONJUNCTION, "");
  forms.add(bare);
  for (const form of [word, bare]) forms.add(form.replace(AR_ARTICLE, ""));
  return [...forms];
}

/**
 * The English words of the site's vocabulary that `query` mentions in another language. With
 * `language` (the visitor's, when the caller knows it) only that language's lexicon is read;
 * without it, or for English, every lexicon is. Latin, Cyrillic, Arabic and Devanagari terms
 * match the start of a word (a phrase: consecutive words, its last word by its start); Japanese,
 * Chinese and Korean terms match anywhere in the text.
 */
export function expandQuery(query: string, language?: string): Expansion {
  const text = normalise(query.slice(0, MAX_QUERY_CHARS));
  const originals = tokens(query.slice(0, MAX_QUERY_CHARS).toLowerCase());
  const words = tokens(text);
  if (words.length === 0) return { words: [], matched: [] };
  const languages =
    language && language !== "en" && LEXICONS[language] ? [language] : Object.keys(LEXICONS);
  const spaced = ` ${words.join(" ")} `;
  const found = new Map<Concept, number>();
  const matched = new Set<number>();
  const note = (concept: Concept, at: number) => {
    if (!found.has(concept) || found.get(concept)! > at) found.set(concept, at);
  };
  for (const lang of languages) {
    const substring = SUBSTRING_LANGUAGES.has(lang);
    for (const term of termsOf(lang)) {
      if (substring) {
        const at = spaced.indexOf(term.text);
        if (at >= 0) note(term.concept, at);
        continue;
      }
      if (term.text.includes(" ")) {
        const at = spaced.indexOf(` ${term.text}${term.whole ? " " : ""}`);
        if (at >= 0) note(term.concept, at);
        continue;
      }
      words.forEach((word, i) => {
        const hit = variants(word).some((form) =>
          term.whole ? form === term.text : form.startsWith(term.text),
        );
        if (!hit) return;
        note(term.concept, spaced.indexOf(` ${word}`));
        matched.add(i);
      });
    }
  }
  const english: string[] = [];
  const own = new Set(words);
  for (const [concept] of [...found].sort((a, b) => a[1] - b[1])) {
    for (const word of concept.split(" ")) {
      if (!own.has(word) && !english.includes(word)) english.push(word);
    }
  }
  return {
    words: english.slice(0, MAX_EXPANSIONS),
    matched: [...matched].map((i) => originals[i] ?? words[i]!),
  };
}
