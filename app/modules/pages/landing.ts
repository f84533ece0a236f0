/**
 * The structured "landing" kind of page (decision 047): a hero (the page's title and a subtitle),
 * ordered sections of Markdown and calls to action that lead to paths on this site. Stored as
 * JSON in the landing column of the pages table; browser-safe (the admin editor and the landing route read it).
 */
export interface LandingSection {
  heading: string;
  /** GitHub-flavoured Markdown, rendered on the server like the informational pages. */
  body: string;
}

export interface LandingCta {
  label: string;
  /** A same-site path (`sameSitePath`), never another origin. */
  path: string;
}

export interface LandingContent {
  subtitle: string;
  sections: LandingSection[];
  ctas: LandingCta[];
  /** Show SPEC §2's comparison table and the site's figures under the sections. */
  comparison: boolean;
}

export const LANDING_LIMITS = {
  subtitle: 300,
  heading: 120,
  body: 10_000,
  label: 60,
  path: 200,
  sections: 8,
  ctas: 3,
} as const;

/** The Markdown the search index and the retired-seed hashes see for a landing page. */
export function landingText(content: LandingContent): string {
  return [content.subtitle, ...content.sections.map((s) => `## ${s.heading}\n\n${s.body}`)].join(
    "\n\n",
  );
}
