import type { RssSampler } from "./rss";

/** PASS / FAIL against the budget; SKIP when the figure cannot be measured yet (not a failure). */
export type Verdict = "PASS" | "FAIL" | "SKIP";

/** One printed line: what was measured, the value, the budget beside it and the verdict. */
export interface Figure {
  name: string;
  value: string;
  budget: string;
  verdict: Verdict;
}

/** What the measurements share: the running production server and the seeded data. */
export interface BenchContext {
  /** The production server under test. */
  baseUrl: string;
  /** Samples the server process's memory for the whole run. */
  rss: RssSampler;
  /** The benchmark database, for figures that talk to PostgreSQL directly (or start a second server through a proxy). */
  databaseUrl: string;
  /**
   * Starts another production server on the same database (e.g. through a counting proxy), with
   * `env` overriding its settings.
   */
  startServer(
    databaseUrl: string,
    env?: Record<string, string>,
  ): Promise<{ baseUrl: string; stop(): Promise<void> }>;
  /** Registers an undo step for the end of the run (also after Ctrl-C, when `finally` blocks never run). */
  defer(undo: () => Promise<void>): void;
  knownThreadSlug: string;
  /** A generated member with premium access who belongs to covens (read once, then kept). */
  premiumMemberEmail(): Promise<string>;
  searchTerms: readonly string[];
  log(message: string): void;
}

/**
 * One small measurement: returns its figure(s). DESIGN.md's table is the list of these in
 * scripts/bench/figures/index.ts; a new figure is one more entry there.
 */
export interface Measurement {
  name: string;
  run(context: BenchContext): Promise<Figure[]>;
}

export function verdict(pass: boolean): Verdict {
  return pass ? "PASS" : "FAIL";
}

/** `VERDICT  name  value  [budget …]`, names aligned; values vary too much in length to align. */
export function formatFigures(figures: Figure[]): string {
  const nameWidth = Math.max(...figures.map((f) => f.name.length));
  return figures
    .map(
      (f) =>
        `${f.verdict.padEnd(4)}  ${f.name.padEnd(nameWidth)}  ${f.value}  [budget ${f.budget}]`,
    )
    .join("\n");
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
export const integer = (value: number): string => Math.round(value).toLocaleString("en");
