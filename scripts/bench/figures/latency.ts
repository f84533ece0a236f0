import { ms, verdict, type BenchContext, type Figure, type Measurement } from "../figure";
import { percentile, runLoad } from "../load";
import { signIn } from "../premium-member";

/**
 * Service time: one client asking as fast as pages come back, so every figure is the server's
 * own work for one request, not queueing behind others (a 2-core machine that also runs the
 * load generator cannot show throughput at scale; the 10-connection /discussions figure prints
 * requests per second beside a bare node:http server instead).
 */
const SECONDS = 8;
const WARMUP_SECONDS = 2;

interface ServiceTimeFigure {
  label: string;
  /** The pages to cycle through, or the reason the page type cannot be measured yet. */
  paths(context: BenchContext): string[] | { notBuilt: string };
  /** Measured as a signed-in member with premium access (premium pages). */
  premium?: boolean;
  percentile: number;
  budgetMs: number;
}

/** A percentile of one page type's response times at one connection. */
export function serviceTime(figure: ServiceTimeFigure): Measurement {
  return {
    name: figure.label,
    async run(context): Promise<Figure[]> {
      const name = `${figure.label} service time p${figure.percentile}, 1 connection`;
      const budget = `< ${figure.budgetMs} ms`;
      const paths = figure.paths(context);
      if (!Array.isArray(paths))
        return [{ name, value: `not measured: ${paths.notBuilt}`, budget, verdict: "SKIP" }];
      const headers = figure.premium
        ? { cookie: await signIn(context.baseUrl, await context.premiumMemberEmail()) }
        : undefined;
      await expectOk(context.baseUrl, paths, headers);
      context.log(`${figure.label}, 1 connection, ${SECONDS} s`);
      const result = await runLoad({
        baseUrl: context.baseUrl,
        paths,
        connections: 1,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        headers,
      });
      const value = percentile(result.latencies, figure.percentile);
      const failed = result.failures > 0 ? `, ${result.failures} failed responses` : "";
      return [
        {
          name,
          value: `${ms(value)} (median ${ms(percentile(result.latencies, 50))}, ${result.latencies.length} requests${failed})`,
          budget,
          verdict: verdict(value < figure.budgetMs && result.failures === 0),
        },
      ];
    },
  };
}

/** A page that does not answer 200 would make a fast, meaningless figure: stop before loading it. */
export async function expectOk(
  baseUrl: string,
  paths: string[],
  headers?: Record<string, string>,
): Promise<void> {
  for (const path of paths) {
    const response = await fetch(new URL(path, baseUrl), { headers });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}.`);
  }
}

const PAGE_BUDGET_MS = 30;

/** DESIGN.md: each page type at p95 under 30 ms with the large seed. */
export const pageServiceTimes: Measurement[] = [
  serviceTime({
    label: "/discussions",
    paths: () => ["/discussions"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    label: "first page of the 200-comment thread",
    paths: (context) => [`/discussions/${context.knownThreadSlug}`],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // Premium: a member of covens, so their memberships and requests are joined in.
    label: "/covens",
    paths: () => ["/covens"],
    premium: true,
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // Open to everyone: a guest's list of the next 90 days.
    label: "/covens/events",
    paths: () => ["/covens/events"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // Open to everyone: a guest's newest videos, and the other orders of the list.
    label: "/videos",
    paths: () => ["/videos", "/videos?sort=views", "/videos?sort=power", "/videos?page=2"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    label: "/academy",
    paths: () => ["/academy"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // A generated course of 3 modules of 4 lessons, and a seeded one.
    label: "a course page",
    paths: () => [
      "/academy/bench-course-1",
      "/academy/bench-course-2",
      "/academy/meditation-foundations",
    ],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // The practice library (issue 13): the grimoires' landing for a guest…
    label: "/grimoires",
    paths: () => ["/grimoires"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // …and a seeded grimoire read whole by a premium member (its first chapter, its place).
    label: "a grimoire's chapter",
    paths: () => ["/grimoire/ars-goetia", "/grimoire/elenthos-communion"],
    premium: true,
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // The ritual guides with their categories, and an attunement path with a premium member's
    // streak and history (the practice sessions of the last year).
    label: "/rituals",
    paths: () => ["/rituals"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    label: "an attunement path",
    paths: () => ["/demon-attunements", "/elentho-attunements"],
    premium: true,
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
  serviceTime({
    // The spirit catalogues: the spirits of the day, the popular powers, every catalogue.
    label: "/media",
    paths: () => ["/media"],
    percentile: 95,
    budgetMs: PAGE_BUDGET_MS,
  }),
];

/** Each request takes the next term, so the figure covers common and rare ones. */
export const searchServiceTime = serviceTime({
  label: "/search?q= (2-3 words)",
  paths: (context) => context.searchTerms.map((term) => `/search?q=${encodeURIComponent(term)}`),
  percentile: 95,
  budgetMs: 40,
});
