import { membershipPricing } from "#app/modules/memberships";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { communityCounts } from "#app/modules/shell/index.server";
import { publishedVideoCount } from "#app/modules/videos/index.server";
import type { FigureValue, SiteFigure } from "./figures";

/**
 * The site-figures registry (decision 048): what the landing pages and the comparison table say
 * about Sanctuary in numbers comes from here, read from the database at request time, never
 * typed into a text. Each module contributes one line: a key, the translation key of its label
 * (`landing.figures.<key>`) and how to read it (a module's own server API). A count of zero is
 * not shown ("0 covens" sells nothing and says little).
 * ComparisonTable's video row reads the `videos` figure (figureCount).
 */
interface FigureSource {
  key: string;
  labelKey: SiteFigure["labelKey"];
  load: () => Promise<FigureValue | null>;
}

const count = (value: number): FigureValue => ({ kind: "count", value });

export const FIGURE_SOURCES: readonly FigureSource[] = [
  // Members, discussions and covens: the shell's community counts (kept 30 s, one query each).
  {
    key: "members",
    labelKey: "landing.figures.members",
    load: async () => count((await communityCounts()).members),
  },
  {
    key: "discussions",
    labelKey: "landing.figures.discussions",
    load: async () => count((await communityCounts()).discussions),
  },
  {
    key: "covens",
    labelKey: "landing.figures.covens",
    load: async () => count((await communityCounts()).covens),
  },
  // The video library: published, active videos (one count over its partial index).
  {
    key: "videos",
    labelKey: "landing.figures.videos",
    load: async () => count(await publishedVideoCount()),
  },
  // The full membership's monthly price, from the membership settings (as /subscription).
  {
    key: "monthlyPrice",
    labelKey: "landing.figures.monthlyPrice",
    load: async () => {
      const pricing = membershipPricing(await getPublicSettings());
      return { kind: "price", amount: pricing.amount, currency: pricing.currency };
    },
  },
];

/** Every registered figure with its current value, in registry order; empty ones left out. */
export async function siteFigures(
  sources: readonly FigureSource[] = FIGURE_SOURCES,
): Promise<SiteFigure[]> {
  const values = await Promise.all(sources.map((source) => source.load()));
  return sources.flatMap((source, i) => {
    const value = values[i];
    if (!value || (value.kind === "count" && value.value <= 0)) return [];
    return [{ key: source.key, labelKey: source.labelKey, value }];
  });
}
