import { serverT } from "#app/i18n/resources.server";
import { DEFAULT_LOCALE, isLocale } from "#app/i18n/locales";
import { retrieve, type KnowledgeViewer } from "./retrieve.server";

export interface SiteAnswer {
  found: boolean;
  markdown: string;
  sources: Array<{ title: string; url: string }>;
}

/**
 * The lowest score of a passage worth quoting (decision 060: measured on the evaluation set and on
 * questions the site has nothing on).
 */
export const ANSWER_THRESHOLD = 0.3;
/** Passages quoted in one answer. */
const QUOTED = 3;

/**
 * Text from the corpus as inert Markdown: one line, every character Markdown could read as
 * structure, a link, an image or HTML escaped, so the quote shows exactly what the page says.
 */
export function inertMarkdown(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_{}[\]()<>#+\-.!|~&"':=]/g, (c) => `\\${c}`);
}

/** A same-site path as a Markdown link target. */
function linkTarget(url: string): string {
  return url.startsWith("/") && !url.startsWith("//") ? encodeURI(decodeURI(url)) : "/";
}

/**
 * The embedded guide (no model): quotes the best passages the viewer may read as Markdown block
 * quotes under their source links; below ANSWER_THRESHOLD it says the site has nothing on that
 * and offers site search and the discussions.
 */
export async function answerFromSite(
  query: string,
  viewer: KnowledgeViewer | null,
  language: string,
): Promise<SiteAnswer> {
  const t = serverT(isLocale(language) ? language : DEFAULT_LOCALE);
  const hits = (await retrieve(query, viewer, { limit: QUOTED, language })).filter(
    (h) => h.score >= ANSWER_THRESHOLD && h.excerpt !== "",
  );
  if (hits.length === 0) {
    const q = query.replace(/\s+/g, " ").trim().slice(0, 100);
    const search = `/search?q=${encodeURIComponent(q)}`;
    return {
      found: false,
      markdown: [
        t("knowledge.answer.notFound"),
        "",
        `- [${inertMarkdown(t("knowledge.answer.searchSite"))}](${search})`,
        `- [${inertMarkdown(t("knowledge.answer.askCommunity"))}](/discussions)`,
      ].join("\n"),
      sources: [],
    };
  }
  const parts = [t("knowledge.answer.intro"), ""];
  for (const hit of hits) {
    parts.push(`**[${inertMarkdown(hit.title)}](${linkTarget(hit.url)})**`, "");
    parts.push(`> ${inertMarkdown(hit.excerpt)}`, "");
  }
  parts.push(t("knowledge.answer.readMore"));
  return {
    found: true,
    markdown: parts.join("\n").trim(),
    sources: hits.map((h) => ({ title: h.title, url: h.url })),
  };
}
