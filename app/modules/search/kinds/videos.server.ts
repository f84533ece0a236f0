import { sql } from "drizzle-orm";
import { videos } from "#app/modules/videos/schema";
import type { SearchKind } from "./kind";
import { allWordsIn } from "./sql";

/** Title and description as one document, written exactly as `videos_search_idx` (GIN). */
const document = sql`to_tsvector('simple', ${videos.title} || ' ' || ${videos.description})`;

/**
 * Videos everyone may watch: published and active (never pending, rejected or hidden, for
 * anyone). Full text over title and description or a substring of the title (trigram index); a
 * title match has every word in the title. SPEC §9: 90 / 75, at most 3 in the dropdown. Most
 * powerful first (the list's power score), linking to /video/{slug}. Open to guests, like the
 * video pages themselves.
 */
export const videoKind: SearchKind = {
  name: "video",
  labelKey: "search.kinds.video",
  headingKey: "search.videos",
  limits: { dropdown: 3, page: 10 },
  scores: { title: 90, body: 75 },
  columns: () =>
    sql`${videos.slug} as ref, ${videos.title} as title, ${videos.description} as body, null::text as image,
      ${videos.powerScore} as rank, ${videos.publishedAt} as active_at`,
  details: { select: sql`jsonb_build_object('date', k.active_at)` },
  dateMeaning: "posted",
  from: sql`${videos}`,
  visible: sql`${videos.status} = 'published' and ${videos.isActive}`,
  titleMatch: (q) => allWordsIn(videos.title, q),
  anyMatch: (q) => sql`(${document} @@ ${q.tsquery} or ${videos.title} ilike ${q.like})`,
  orderBy: sql`rank desc, ref`,
  href: (ref) => `/video/${encodeURIComponent(ref)}`,
};
