/**
 * The comparison table of /subscription (SPEC §2: our membership against two competitors).
 *
 * The `membership_comparison` site setting holds the competitors' side as JSON:
 *
 * ```json
 * {
 *   "competitors": [
 *     { "name": "Other academies", "values": { "videoCount": "20–30", "communitySize": "< 500", "grimoireAccess": false } },
 *     { "name": "Free forums", "values": { "privateForums": false, "monthlyPrice": "$0" } }
 *   ],
 *   "ours": { "grimoireAccess": true, "ritualGuides": "12 guides" }
 * }
 * ```
 *
 * A value is `true` (✓), `false` (✗), a number (formatted in the viewer's language), a short text
 * shown as written, or `null` / absent (—). A competitor without a name gets a translated default
 * label. Broken JSON or a broken part falls back to the defaults below, never to an error page.
 *
 * Our column is never taken on trust where the product knows the truth: community size is the real
 * member count, video count the real number of videos, private forums whether premium categories
 * exist, guarantee and price the membership settings. The other rows of our column (features
 * such as grimoire access) are what the admin declares in `ours`; a row whose value of ours is
 * empty is hidden, so the table never claims something the product does not have.
 */

export const COMPARISON_ROWS = [
  "videoCount",
  "grimoireAccess",
  "ritualGuides",
  "communitySize",
  "privateForums",
  "expertTeaching",
  "prioritySupport",
  "contentUpdates",
  "guarantee",
  "monthlyPrice",
] as const;
export type ComparisonRow = (typeof COMPARISON_ROWS)[number];

/** Rows our column always computes from the product itself (any `ours` entry for them is ignored). */
export const COMPUTED_ROWS: readonly ComparisonRow[] = ["videoCount", "communitySize", "privateForums", "guarantee", "monthlyPrice"];

export type ComparisonValue = boolean | number | string | null;
export type ComparisonValues = Partial<Record<ComparisonRow, ComparisonValue>>;

export interface Competitor {
  /** null = the translated default label (`subscription.comparison.competitorN`). */
  name: string | null;
  values: ComparisonValues;
}

export interface ComparisonSettings {
  competitors: [Competitor, Competitor];
  /** Our declared features (rows not in COMPUTED_ROWS). */
  ours: ComparisonValues;
}

export const COMPARISON_NAME_MAX = 60;
export const COMPARISON_TEXT_MAX = 80;

/** SPEC §9 comparison claims about competitors (20-30 videos, a community under 500). */
export const DEFAULT_COMPARISON: ComparisonSettings = {
  competitors: [
    {
      name: null,
      values: {
        videoCount: "20–30",
        grimoireAccess: false,
        ritualGuides: false,
        communitySize: "< 500",
        privateForums: false,
        expertTeaching: false,
        prioritySupport: false,
        contentUpdates: false,
        guarantee: false,
        monthlyPrice: null,
      },
    },
    {
      name: null,
      values: {
        videoCount: null,
        grimoireAccess: false,
        ritualGuides: false,
        communitySize: "< 500",
        privateForums: false,
        expertTeaching: false,
        prioritySupport: false,
        contentUpdates: false,
        guarantee: false,
        monthlyPrice: null,
      },
    },
  ],
  ours: {},
};

function parseValue(input: unknown): ComparisonValue | undefined {
  if (input === null || typeof input === "boolean") return input;
  if (typeof input === "number") return Number.isFinite(input) ? input : undefined;
  if (typeof input === "string") {
    const text = input.trim().slice(0, COMPARISON_TEXT_MAX);
    return text === "" ? null : text;
  }
  return undefined;
}

function parseValues(input: unknown): ComparisonValues | undefined {
  if (!input || typeof input !== "object" || Array.isArray(input)) return undefined;
  const values: ComparisonValues = {};
  for (const row of COMPARISON_ROWS) {
    if (!Object.hasOwn(input, row)) continue;
    const value = parseValue((input as Record<string, unknown>)[row]);
    if (value !== undefined) values[row] = value;
  }
  return values;
}

function parseCompetitor(input: unknown, fallback: Competitor): Competitor {
  if (!input || typeof input !== "object" || Array.isArray(input)) return fallback;
  const record = input as Record<string, unknown>;
  const name = typeof record.name === "string" ? record.name.trim().slice(0, COMPARISON_NAME_MAX) : "";
  const values = parseValues(record.values);
  return { name: name || null, values: values ?? fallback.values };
}

/** The `membership_comparison` setting, with SPEC defaults for anything missing or malformed. */
export function parseComparison(raw: string | null | undefined): ComparisonSettings {
  let json: unknown;
  try {
    json = raw && raw.trim() ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return DEFAULT_COMPARISON;
  const record = json as Record<string, unknown>;
  const list = Array.isArray(record.competitors) ? record.competitors : [];
  const [first, second] = DEFAULT_COMPARISON.competitors;
  const ours = parseValues(record.ours) ?? {};
  for (const row of COMPUTED_ROWS) delete ours[row];
  return { competitors: [parseCompetitor(list[0], first), parseCompetitor(list[1], second)], ours };
}

/** The JSON an admin screen stores (the inverse of parseComparison for valid settings). */
export function serializeComparison(settings: ComparisonSettings): string {
  return JSON.stringify(settings);
}

/** What the product knows about itself, for our column. */
export interface ComparisonFacts {
  /** Members of the community (root data `community.members`). */
  members: number;
  /** Videos published; null while the product has no video library (the row is then hidden). */
  videos: number | null;
  /** Whether premium-only discussion categories exist. */
  privateForums: boolean;
  guaranteeDays: number;
  /** The formatted monthly price ("$30.00"). */
  monthlyPrice: string;
}

/** One cell: ✓, ✗, a number, a text, or our computed figures (translated by the table). */
export type ComparisonCell =
  | { kind: "yes" }
  | { kind: "no" }
  | { kind: "none" }
  | { kind: "text"; text: string }
  | { kind: "number"; value: number }
  | { kind: "members"; count: number }
  | { kind: "videos"; count: number }
  | { kind: "days"; count: number }
  | { kind: "price"; text: string };

export interface ComparisonTableRow {
  row: ComparisonRow;
  ours: ComparisonCell;
  competitors: [ComparisonCell, ComparisonCell];
}

function cellOf(value: ComparisonValue | undefined): ComparisonCell {
  if (value === true) return { kind: "yes" };
  if (value === false) return { kind: "no" };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "string") return { kind: "text", text: value };
  return { kind: "none" };
}

function ourCell(row: ComparisonRow, settings: ComparisonSettings, facts: ComparisonFacts): ComparisonCell {
  switch (row) {
    case "videoCount":
      return facts.videos && facts.videos > 0 ? { kind: "videos", count: facts.videos } : { kind: "none" };
    case "communitySize":
      return facts.members > 0 ? { kind: "members", count: facts.members } : { kind: "none" };
    case "privateForums":
      return facts.privateForums ? { kind: "yes" } : { kind: "none" };
    case "guarantee":
      return facts.guaranteeDays > 0 ? { kind: "days", count: facts.guaranteeDays } : { kind: "none" };
    case "monthlyPrice":
      return { kind: "price", text: facts.monthlyPrice };
    default:
      return cellOf(settings.ours[row]);
  }
}

/**
 * The rows to show, in SPEC order. A row is hidden when our value is empty (or a declared ✗: a
 * table that lists what we lack next to competitors adds nothing truthful to a sales page).
 */
export function comparisonTable(settings: ComparisonSettings, facts: ComparisonFacts): ComparisonTableRow[] {
  const rows: ComparisonTableRow[] = [];
  for (const row of COMPARISON_ROWS) {
    const ours = ourCell(row, settings, facts);
    if (ours.kind === "none" || ours.kind === "no") continue;
    rows.push({
      row,
      ours,
      competitors: [cellOf(settings.competitors[0].values[row]), cellOf(settings.competitors[1].values[row])],
    });
  }
  return rows;
}
