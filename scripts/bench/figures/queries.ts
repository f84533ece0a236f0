import { verdict, type Figure, type Measurement } from "../figure";
import { signIn } from "../premium-member";
import { startQueryCounter, type QueryCounter } from "../query-counter";

interface Variant {
  label: string;
  /** A path, or how to reach it from the previous variant's HTML (following "next" links). */
  path: string | ((previousHtml: string) => string | null);
}

interface ListRoute {
  route: string;
  /** Asked as a signed-in member with premium access (premium pages). */
  premium?: boolean;
  /** How list items appear in the HTML, to show the page lengths compared. */
  item: RegExp;
  variants: Variant[];
}

const nextDiscussionsPage = (html: string) =>
  /href="(\/discussions\?[^"]*cursor=[^"]*)"/.exec(html)?.[1]?.replaceAll("&amp;", "&") ?? null;

/** The link to page `page` of a paginated list, as the page's own pagination writes it. */
const pageLink = (path: string, page: number) => (html: string) => {
  const escaped = path.replaceAll("/", "\\/");
  const match = new RegExp(`href="(${escaped}\\?[^"]*page=${page}(?:&[^"]*)?)"`).exec(html);
  return match?.[1]?.replaceAll("&amp;", "&") ?? null;
};

/**
 * For every list page: first, later and last pages, other tabs and filters, and empty results,
 * i.e. pages of different lengths and depths. The figure passes when each route issues the same
 * number of statements on all of them (no query per item, no query per page walked).
 */
const LIST_ROUTES: ListRoute[] = [
  {
    route: "/discussions",
    item: /href="\/discussions\/(?!new")([^"/?]+)"/g,
    variants: [
      { label: "latest p1", path: "/discussions" },
      { label: "p2", path: nextDiscussionsPage },
      { label: "p3", path: nextDiscussionsPage },
      { label: "announcements p1", path: "/discussions?category=announcements" },
      { label: "announcements p2 (short)", path: nextDiscussionsPage },
      { label: "trending p1", path: "/discussions?tab=trending" },
      { label: "trending p2", path: nextDiscussionsPage },
      { label: "answered", path: "/discussions?tab=answered" },
      { label: "empty category", path: "/discussions?category=no-such-category" },
    ],
  },
  {
    route: "/members",
    item: /href="\/profile\/([^"/?]+)"/g,
    variants: [
      { label: "p1", path: "/members" },
      { label: "p2", path: "/members?page=2" },
      { label: "p2000 (deep offset)", path: "/members?page=2000" },
      { label: "past the end", path: "/members?page=99999" },
      { label: "no match", path: "/members?q=zzzzqqq" },
    ],
  },
  // Premium; the viewer's memberships and pending requests are joined into the one query.
  {
    route: "/covens",
    premium: true,
    item: /href="\/covens\/(?!create"|my-covens"|events"|invite")([^"/?]+)"/g,
    variants: [
      { label: "p1", path: "/covens" },
      { label: "p2", path: pageLink("/covens", 2) },
      { label: "p3", path: pageLink("/covens", 3) },
      { label: "p40 (deep offset)", path: "/covens?page=40" },
      { label: "by size", path: "/covens?sort=size" },
      { label: "tag", path: "/covens?tag=tarot" },
      { label: "past the end", path: "/covens?page=99999" },
      { label: "no match", path: "/covens?q=zzzzqqq" },
    ],
  },
  // Open to everyone; series are expanded in memory after a fixed number of queries.
  {
    route: "/covens/events",
    item: /href="\/covens\/events\/([0-9a-f-]{36})(?:\?[^"]*)?"/g,
    variants: [
      { label: "p1", path: "/covens/events" },
      { label: "p2", path: pageLink("/covens/events", 2) },
      { label: "p3", path: pageLink("/covens/events", 3) },
      { label: "this week", path: "/covens/events?range=week" },
      { label: "online", path: "/covens/events?format=online" },
      { label: "past", path: "/covens/events?when=past" },
      { label: "no such coven", path: "/covens/events?coven=no-such-coven" },
    ],
  },
  // Open to everyone; one query per page whatever the order or tag.
  {
    route: "/videos",
    item: /href="\/video\/([^"/?]+)"/g,
    variants: [
      { label: "newest p1", path: "/videos" },
      { label: "p2", path: "/videos?page=2" },
      { label: "p3", path: "/videos?page=3" },
      { label: "p60 (deep offset)", path: "/videos?page=60" },
      { label: "most viewed", path: "/videos?sort=views" },
      { label: "top rated", path: "/videos?sort=rating" },
      { label: "power", path: "/videos?sort=power" },
      { label: "tag", path: "/videos?tag=tarot" },
      { label: "past the end", path: "/videos?page=99999" },
      { label: "no such tag", path: "/videos?tag=zzzzqqq" },
    ],
  },
  // The academy (issue 12): the landing's five queries for a guest and a member, a category's
  // pages, and course pages of different sizes (the seeded courses and generated ones).
  {
    route: "/academy/category/{slug}",
    item: /href="\/academy\/(?!category\/)([^"/?#]+)"/g,
    variants: [
      { label: "p1", path: "/academy/category/tarot" },
      { label: "p2", path: pageLink("/academy/category/tarot", 2) },
      { label: "past the end", path: "/academy/category/tarot?page=99999" },
      { label: "other category", path: "/academy/category/meditation" },
    ],
  },
  {
    route: "/academy and course pages",
    item: /href="\/academy\/[^"/?#]+\/lessons\/([^"/?#]+)"/g,
    variants: [
      { label: "seeded course, 5 lessons", path: "/academy/meditation-foundations" },
      { label: "seeded course, 2 lessons", path: "/academy/tarot-spreads-in-depth" },
      { label: "generated course, 12 lessons", path: "/academy/bench-course-1" },
      { label: "generated course, 12 lessons", path: "/academy/bench-course-2" },
    ],
  },
  {
    route: "/academy",
    premium: true,
    item: /href="\/academy\/(?!category\/)([^"/?#]+)"/g,
    variants: [
      { label: "landing", path: "/academy" },
      { label: "landing again", path: "/academy#latest-courses" },
    ],
  },
  // Search does different work by outcome, each the same whatever the number of results: terms
  // found as typed; misspelt terms, which look the words up in the dictionary and search again
  // corrected (decision 027); and terms found in no spelling, which look them up in vain.
  {
    route: "/search (found as typed)",
    item: /href="\/(?:discussions|profile)\/([^"/?]+)"/g,
    variants: [
      { label: "common term", path: "/search?q=tarot%20reading" },
      { label: "rare term", path: "/search?q=herbal%20remedies%20garden" },
    ],
  },
  {
    route: "/search (misspelt, corrected)",
    item: /href="\/(?:discussions|profile)\/([^"/?]+)"/g,
    variants: [
      { label: "one word", path: "/search?q=meditaton" },
      { label: "two words", path: "/search?q=crystl%20healng" },
    ],
  },
  {
    route: "/search (nothing found)",
    item: /href="\/(?:discussions|profile)\/([^"/?]+)"/g,
    variants: [
      { label: "one word", path: "/search?q=zzzzqqq" },
      { label: "two words", path: "/search?q=zzzzqqq%20xxyy" },
    ],
  },
];

/** Repetitions per page; the smallest count wins, so a stray background statement cannot inflate it. */
const REPEATS = 3;

/**
 * SQL statements per request on list pages, counted on the wire by a proxy in front of
 * PostgreSQL (scripts/bench/query-counter.ts) with a second production server started through
 * it, so the main server's figures never pay for the proxy. Requests are sent one at a time and
 * counted once the database traffic has settled.
 */
export const listQueries: Measurement = {
  name: "queries per request",
  async run(context) {
    const counter = await startQueryCounter(context.databaseUrl);
    try {
      const server = await context.startServer(counter.url);
      try {
        const figures: Figure[] = [];
        for (const list of LIST_ROUTES) {
          context.log(`statements per request on ${list.route} (${list.variants.length} pages)`);
          const headers = list.premium
            ? { cookie: await signIn(server.baseUrl, await context.premiumMemberEmail()) }
            : undefined;
          const counts: Array<{ label: string; statements: number; items: number }> = [];
          let html = "";
          for (const variant of list.variants) {
            const path = typeof variant.path === "string" ? variant.path : variant.path(html);
            if (!path) throw new Error(`${list.route}: no link to "${variant.label}".`);
            const measured = await countStatements(counter, new URL(path, server.baseUrl), headers);
            html = measured.html;
            counts.push({
              label: variant.label,
              statements: measured.statements,
              items: new Set([...html.matchAll(list.item)].map((m) => m[1])).size,
            });
          }
          const [first] = counts;
          const constant = new Set(counts.map((c) => c.statements)).size === 1;
          figures.push({
            name: `SQL statements per request, ${list.route}`,
            value:
              constant && first
                ? `${first.statements} on each of ${counts.length} pages (${counts.map((c) => c.items).join("/")} items)`
                : counts.map((c) => `${c.label} (${c.items} items): ${c.statements}`).join(", "),
            budget: "constant",
            verdict: verdict(constant),
          });
        }
        return figures;
      } finally {
        await server.stop();
      }
    } finally {
      await counter.close();
    }
  },
};

async function countStatements(
  counter: QueryCounter,
  url: URL,
  headers?: Record<string, string>,
): Promise<{ statements: number; html: string }> {
  // One unmeasured request first: per-process caches (settings, categories) fill on first use.
  let html = await fetchPage(url, headers);
  let fewest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < REPEATS; i++) {
    await settled(counter);
    const before = counter.count;
    html = await fetchPage(url, headers);
    await settled(counter);
    fewest = Math.min(fewest, counter.count - before);
  }
  return { statements: fewest, html };
}

async function fetchPage(url: URL, headers?: Record<string, string>): Promise<string> {
  const response = await fetch(url, { headers });
  const html = await response.text();
  if (!response.ok)
    throw new Error(`GET ${url.pathname}${url.search} answered ${response.status}.`);
  return html;
}

/** Waits until no statement went through for 150 ms (writes finishing after the response, if any). */
async function settled(counter: QueryCounter): Promise<void> {
  let last = counter.count;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (counter.count === last) return;
    last = counter.count;
  }
}
