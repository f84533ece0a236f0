import { articleKind } from "./articles.server";
import { covenKind } from "./covens.server";
import { eventKind } from "./events.server";
import type { SearchKind } from "./kind";
import { memberKind } from "./members.server";
import { pageKind } from "./pages.server";
import { postKind } from "./posts.server";
import { angelKind, demonKind, elenthosKind } from "./spirits.server";
import { videoKind } from "./videos.server";

/**
 * The registry of searchable kinds, in display order (groups on /search; ties in the dropdown).
 * Later content plugs in here: spirits (85 / 70,
 * 3 each, linking to /search?q={name}), courses, books.
 */
export const SEARCH_KINDS: readonly SearchKind[] = [
  postKind,
  memberKind,
  videoKind,
  articleKind,
  covenKind,
  eventKind,
  pageKind,
  demonKind,
  angelKind,
  elenthosKind,
];

export function searchKind(name: string): SearchKind | undefined {
  return SEARCH_KINDS.find((k) => k.name === name);
}
