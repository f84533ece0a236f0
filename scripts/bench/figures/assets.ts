import { gzipSync } from "node:zlib";
import { verdict, type BenchContext, type Figure, type Measurement } from "../figure";

/** DESIGN.md budgets, in kB of 1,000 bytes (as Vite reports sizes), gzip at the default level. */
const JS_BUDGET_KB = 150;
const CSS_BUDGET_KB = 30;

/**
 * The page types a visitor can open, one of each (DESIGN.md: the budget holds for every type).
 * Signed-in screens share the shell and differ by the same kind of route chunk.
 */
function pageTypes(context: BenchContext): Array<{ label: string; path: string }> {
  return [
    { label: "home", path: "/" },
    { label: "/discussions", path: "/discussions" },
    { label: "a thread", path: `/discussions/${context.knownThreadSlug}` },
    {
      label: "/search",
      path: `/search?q=${encodeURIComponent(context.searchTerms[0] ?? "tarot")}`,
    },
    { label: "/members", path: "/members" },
    { label: "sign-in", path: "/auth" },
    { label: "an informational page", path: "/help" },
    { label: "/subscription", path: "/subscription" },
  ];
}

/**
 * What a first visit to a page downloads before it is interactive: every script and
 * modulepreload in its HTML, the modules imported by inline module scripts, and, recursively, the
 * static imports of those files (a chunk the build forgot to preload is still downloaded);
 * dynamic import() is left out, since it loads later. CSS: the stylesheets linked by the page.
 * The sizes are gzip sizes, whatever the server sends, since a CDN or proxy normally compresses.
 */
export const firstLoadAssets: Measurement = {
  name: "first-load assets",
  async run(context) {
    const figures: Figure[] = [];
    for (const page of pageTypes(context)) {
      const html = await fetchText(new URL(page.path, context.baseUrl));
      const scripts = await crawlScripts(context.baseUrl, scriptUrls(html));
      const styles = attributeValues(html, /<link\b[^>]*\brel="stylesheet"[^>]*>/g, "href");
      const jsKb = gzipTotal([...scripts.values()]) / 1000;
      const cssSources = await Promise.all(
        styles.map((href) => fetchText(new URL(href, context.baseUrl))),
      );
      const cssKb = gzipTotal(cssSources) / 1000;
      figures.push({
        name: `first-load JavaScript and CSS, ${page.label}`,
        value: `JS ${jsKb.toFixed(1)} kB gzip (${scripts.size} files), CSS ${cssKb.toFixed(1)} kB gzip (${styles.length} files)`,
        budget: `JS <= ${JS_BUDGET_KB} kB, CSS <= ${CSS_BUDGET_KB} kB`,
        verdict: verdict(
          scripts.size > 0 && jsKb <= JS_BUDGET_KB && styles.length > 0 && cssKb <= CSS_BUDGET_KB,
        ),
      });
    }
    return figures;
  },
};

/** Script sources, modulepreload links and the specifiers imported by inline module scripts. */
function scriptUrls(html: string): string[] {
  const urls = [
    ...attributeValues(html, /<script\b[^>]*\bsrc="[^"]*"[^>]*>/g, "src"),
    ...attributeValues(html, /<link\b[^>]*\brel="modulepreload"[^>]*>/g, "href"),
  ];
  for (const [, body = ""] of html.matchAll(
    /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g,
  ))
    urls.push(...staticImports(body));
  return urls;
}

function attributeValues(html: string, tags: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [tag] of html.matchAll(tags)) {
    const value = new RegExp(`\\b${attribute}="([^"]*)"`).exec(tag)?.[1];
    if (value) values.push(value.replaceAll("&amp;", "&"));
  }
  return values;
}

/** `import … from "x"`, `import "x"` and `export … from "x"`, minified or not; not `import("x")`. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g,
  ))
    if (specifier) found.push(specifier);
  return found;
}

/**
 * Fetches scripts breadth-first, following static imports of the site's own modules (relative or
 * root-relative `.js` files); each file once. Returns the sources by URL.
 */
async function crawlScripts(baseUrl: string, start: string[]): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  let queue = start.map((u) => new URL(u, baseUrl).toString());
  while (queue.length > 0) {
    const next: string[] = [];
    for (const url of queue) {
      if (sources.has(url)) continue;
      const source = await fetchText(new URL(url));
      sources.set(url, source);
      for (const specifier of staticImports(source)) {
        if (/^\.{0,2}\/.*\.m?js$/.test(specifier)) next.push(new URL(specifier, url).toString());
      }
    }
    queue = next;
  }
  return sources;
}

function gzipTotal(sources: string[]): number {
  return sources.reduce((total, source) => total + gzipSync(source).length, 0);
}

async function fetchText(url: URL): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url.pathname} answered ${response.status}.`);
  return response.text();
}
