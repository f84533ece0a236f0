import { serverT } from "#app/i18n/resources.server";
import { DEFAULT_LOCALE, isLocale } from "#app/i18n/locales";
import { findQuick } from "#app/modules/search/index.server";

/**
 * What the guide answers from (decision 061): the site's retrieval, through the same interface
 * the knowledge index offers (`retrieve`, `answerFromSite`). Until that index serves the guide,
 * this adapter asks the site search word by word and merges what it finds, so answers come from
 * what the viewer may read (the search's own access rules) and always cite it.
 */
export interface KnowledgeViewer {
  id: string;
  isPremium: boolean;
  isAdmin: boolean;
}
export interface KnowledgeHit {
  sourceKind: string;
  title: string;
  url: string;
  excerpt: string;
  score: number;
}
export interface SiteAnswer {
  found: boolean;
  markdown: string;
  sources: Array<{ title: string; url: string }>;
}
export interface Knowledge {
  retrieve(
    query: string,
    viewer: KnowledgeViewer | null,
    options?: { limit?: number; language?: string },
  ): Promise<KnowledgeHit[]>;
  answerFromSite(
    query: string,
    viewer: KnowledgeViewer | null,
    language: string,
  ): Promise<SiteAnswer>;
}

/** Words too common to find anything by (English question words; other languages pass whole). */
const STOP = new Set(
  "a an and are as at be but by can do does for from has have how i if in is it me my of on or our so that the their them there this to was what when where which who why will with you your about any".split(
    " ",
  ),
);

/** The question's searchable words, longest first (the most specific), at most five. */
export function queryWords(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP.has(w));
  return [...new Set(words)].sort((a, b) => b.length - a.length).slice(0, 5);
}

async function retrieve(
  query: string,
  viewer: KnowledgeViewer | null,
  options: { limit?: number } = {},
): Promise<KnowledgeHit[]> {
  const merged = new Map<string, KnowledgeHit>();
  for (const word of queryWords(query)) {
    const { results } = await findQuick(word, viewer ? "full" : "titles");
    for (const result of results) {
      if (result.kind === "member") continue;
      const known = merged.get(result.url);
      if (known) known.score += result.score;
      else
        merged.set(result.url, {
          sourceKind: result.kind,
          title: result.title,
          url: result.url,
          excerpt: result.excerpt,
          score: result.score,
        });
    }
  }
  return [...merged.values()].sort((a, b) => b.score - a.score).slice(0, options.limit ?? 3);
}

async function answerFromSite(
  query: string,
  viewer: KnowledgeViewer | null,
  language: string,
): Promise<SiteAnswer> {
  const t = serverT(isLocale(language) ? language : DEFAULT_LOCALE);
  const hits = await retrieve(query, viewer, { limit: 3 });
  if (hits.length === 0) {
    const search = `/search?q=${encodeURIComponent(query.slice(0, 100))}`;
    return {
      found: false,
      markdown: `${t("chat.answer.nothing")}\n\n- [${t("chat.answer.searchLink")}](${search})\n- [${t("chat.answer.communityLink")}](/discussions)`,
      sources: [],
    };
  }
  const quotes = hits
    .map((hit) =>
      hit.excerpt.trim()
        ? `**${hit.title}**\n\n> ${hit.excerpt.replace(/\s+/g, " ").trim()}`
        : `**${hit.title}**`,
    )
    .join("\n\n");
  const sources = hits.map((hit) => ({ title: hit.title, url: hit.url }));
  return {
    found: true,
    markdown: `${t("chat.answer.intro")}\n\n${quotes}`,
    sources,
  };
}

export const siteKnowledge: Knowledge = { retrieve, answerFromSite };
