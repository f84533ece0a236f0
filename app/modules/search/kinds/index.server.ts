import { articleKind } from "./articles.server";
import { covenKind } from "./covens.server";
import { eventKind } from "./events.server";
import { faqKind } from "./faqs.server";
import type { SearchKind } from "./kind";
import { memberKind } from "./members.server";
import { pageKind } from "./pages.server";
import { postKind } from "./posts.server";
import { angelKind, demonKind, elenthosKind } from "./spirits.server";
import { videoKind } from "./videos.server";

/**
 * The registry of searchable kinds, in display order (groups on /search; ties in the dropdown).
 * Later content (courses, books) plugs in here.
 */
export const SEARCH_KINDS: readonly SearchKind[] = [
  postKind,
  memberKind,
  videoKind,
  articleKind,
  covenKind,
  eventKind,
  pageKind,
  faqKind,
  demonKind,
  angelKind,
  elenthosKind,
];

export function searchKind(name: string): SearchKind | undefined {
  return SEARCH_KINDS.find((k) => k.name === name);
}
