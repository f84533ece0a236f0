/*
 * The parts of a practice text (issue 13 §2–3): a ritual guide lists its materials, its timing and
 * its steps; an attunement is a guided sequence of timed steps a member follows and marks done.
 * Any article type may carry them; the pages of `ritual` and `attunement` show them.
 */

export interface PracticeStep {
  title: string;
  /** What to do, plain text (shown with its line breaks). */
  text: string;
  /** How long the step lasts; 0 = untimed (the member moves on when ready). */
  minutes: number;
}

/** Limits every way in shares (the editor, JSON, the seed). */
export const PRACTICE_LIMITS = {
  steps: 30,
  stepTitle: 120,
  stepText: 2_000,
  stepMinutes: 120,
  materials: 4_000,
  materialLines: 40,
  timing: 300,
} as const;

/** The types whose pages show materials, timing and steps, and which of them a member marks done. */
export const PRACTICE_TYPES = ["ritual", "attunement"] as const;
export const SESSION_TYPES = ["attunement"] as const;

/** The editor's materials text as the list it means: one item a line, blank lines dropped. */
export function materialList(materials: string): string[] {
  return materials
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-*•]\s*/, "").trim())
    .filter(Boolean);
}

export function totalMinutes(steps: readonly PracticeStep[]): number {
  return steps.reduce((sum, step) => sum + step.minutes, 0);
}

/**
 * The steps the editor sends as `steps.<n>.title`, `steps.<n>.text`, `steps.<n>.minutes`, in the
 * order of n; a row left wholly empty is dropped (the editor always offers one blank row).
 */
export function stepsFromForm(values: Record<string, string>): Array<Record<string, string>> {
  const rows = new Map<number, Record<string, string>>();
  for (const [name, value] of Object.entries(values)) {
    const match = /^steps\.(\d{1,3})\.(title|text|minutes)$/.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2]!] = value;
    rows.set(index, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, row]) => row)
    .filter((row) => (row.title ?? "").trim() !== "" || (row.text ?? "").trim() !== "");
}

/** Consecutive days with a session, ending today or (not yet practised today) yesterday. */
export function streakOf(days: readonly string[], today: string): number {
  const done = new Set(days);
  let cursor = done.has(today) ? today : previousDay(today);
  let streak = 0;
  while (done.has(cursor)) {
    streak += 1;
    cursor = previousDay(cursor);
  }
  return streak;
}

/** The ISO date before `day` (YYYY-MM-DD), calendar arithmetic in UTC. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
