import { desc, ilike, or, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { pages } from "#app/modules/pages/schema";
import { profiles } from "#app/modules/profiles/schema";
import { PAGE_PATHS } from "#app/modules/pages/pages.server";

export const SEARCH_MIN_LENGTH = 2;
export const EXCERPT_LENGTH = 120;

export interface SearchResults {
  members: Array<{ slug: string; displayName: string; avatarUrl: string | null; mysticalRank: string }>;
  pages: Array<{ path: string; title: string; excerpt: string }>;
}

/** SPEC §5: terms under 2 characters after trimming give no results. */
export function normalizeTerm(raw: string | null | undefined): string | null {
  const term = (raw ?? "").trim().slice(0, 100);
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A 120-character window of `text` around the first occurrence of `term`. */
export function excerptAround(text: string, term: string): string {
  const plain = text.replace(/[#*_>`[\]()|-]+/g, " ").replace(/\s+/g, " ").trim();
  const at = plain.toLowerCase().indexOf(term.toLowerCase());
  const start = Math.max(0, at < 0 ? 0 : at - 40);
  const slice = plain.slice(start, start + EXCERPT_LENGTH);
  return `${start > 0 ? "…" : ""}${slice}${start + EXCERPT_LENGTH < plain.length ? "…" : ""}`;
}

/** Members by name and informational pages by title or text; title matches rank first. */
export async function searchSite(term: string): Promise<SearchResults> {
  const like = `%${escapeLike(term)}%`;
  const [members, pageRows] = await Promise.all([
    db()
      .select({ slug: profiles.slug, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, mysticalRank: profiles.mysticalRank })
      .from(profiles)
      .where(or(ilike(profiles.displayName, like), ilike(profiles.slug, like)))
      .orderBy(desc(profiles.reputation))
      .limit(10),
    db()
      .select({ slug: pages.slug, title: pages.title, body: pages.body, titleMatch: sql<boolean>`${pages.title} ilike ${like}` })
      .from(pages)
      .where(or(ilike(pages.title, like), ilike(pages.body, like)))
      .limit(10),
  ]);
  return {
    members,
    pages: pageRows
      .sort((a, b) => Number(b.titleMatch) - Number(a.titleMatch))
      .map((p) => ({ path: PAGE_PATHS[p.slug] ?? `/${p.slug}`, title: p.title, excerpt: excerptAround(p.body, term) })),
  };
}
