/**
 * The interface texts reach the browser in bundles: `shell`, what every page shows (header, side
 * navigation, footer, breadcrumb, error screens, toasts, premium popup, search dropdown,
 * notifications), and one bundle per feature, which only the pages of that feature download.
 * Which group of the messages goes to which bundle is `app/i18n/bundle-map.server.ts`; this file
 * is what the browser needs: the bundles' names and a route's declaration of its own.
 */
export const TEXT_BUNDLES = [
  "shell",
  "home",
  "auth",
  "account",
  "discussions",
  "covens",
  "events",
  "videos",
  "academy",
  "library",
  "spirits",
  "messages",
  "explore",
  "billing",
  "landing",
  "admin",
  "media",
  "petitions",
  "consultations",
  "books",
] as const;

export type TextBundle = (typeof TEXT_BUNDLES)[number];
/** A bundle a route asks for; the shell's is always there. */
export type FeatureBundle = Exclude<TextBundle, "shell">;

export function isTextBundle(value: unknown): value is TextBundle {
  return typeof value === "string" && (TEXT_BUNDLES as readonly string[]).includes(value);
}

/**
 * A route module's texts beyond the shell's, declared in its `handle`, together with the
 * `clientMiddleware` that loads them before a client navigation renders the route:
 *
 *     export const handle = { texts: ["admin"] } satisfies TextsHandle;
 *     export const clientMiddleware = [textsMiddleware(handle)];
 *
 * A layout's texts serve its child routes too. `app/i18n/route-texts.test.ts` checks that each
 * route's texts (its own, its layouts' and the shell's) hold every key its modules name.
 */
export interface TextsHandle {
  texts?: readonly FeatureBundle[];
}

/** The bundles the matched routes need, the shell's first, each once. */
export function bundlesOfMatches(
  matches: ReadonlyArray<{ handle?: unknown } | undefined>,
): TextBundle[] {
  const bundles = new Set<TextBundle>(["shell"]);
  for (const match of matches) {
    const texts = (match?.handle as TextsHandle | undefined)?.texts;
    if (Array.isArray(texts))
      for (const bundle of texts) if (isTextBundle(bundle)) bundles.add(bundle);
  }
  return [...bundles];
}
