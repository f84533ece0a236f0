import { hasCapability, type CommunityFacts } from "./benefits";

/**
 * The comparison table of /subscription (SPEC §2: our membership against two competitors).
 *
 * Admins configure it on /admin/billing; the `membership_comparison` site setting holds it as
 * JSON:
 *
 * ```json
 * {
 *   "competitors": [
 *     { "name": "Other academies", "values": { "videoCount": "20–30", "communitySize": "< 500", "grimoireAccess": false } },
 *     { "name": "Free forums", "values": { "privateForums": false, "monthlyPrice": "$0" } }
 *   ],
 *   "ours": { "expertTeaching": "Verified teachers" },
 *   "rows": ["communitySize", "privateForums", "guarantee", "monthlyPrice"]
 * }
 * ```
 *
 * A value is `true` (✓), `false` (✗), a number (formatted in the viewer's language), a short text
 * shown as written, or `null` / absent (—). A competitor without a name gets a translated default
 * label. `rows` lists the rows the admin wants (absent: all). Broken JSON or a broken part falls
 * back to the defaults below, never to an error page.
 *
 * A row is shown only when it is true and favourable (`comparisonRows`):
 * - true: our column is never taken on trust where the product knows the truth. Community size
 *   is the real member count, the guarantee and price the membership settings; a row about a
 *   capability (videos, grimoires, rituals, private forums) shows only when the benefits registry
 *   has that capability in this community. Only service promises (expert teaching, priority
 *   support, content updates) are what the admin declares in `ours`.
 * - favourable: where a row compares amounts, ours must be at least every competitor's stated
 *   figure ("< 500" members, "20–30" videos, a cheaper price); a claim that cannot be compared
 *   ("yes", a text without a figure) hides the row rather than risk boasting less. A table never
 *   tells a visitor that a competitor's community is bigger than ours.
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

/**
 * What each row is about. `capability`: a registry key (memberships/benefits.ts) our column needs;
 * `computed`: our value comes from the product, never from the setting; `better`: the direction
 * in which a figure is favourable (checked against the competitors' figures).
 */
export const ROW_RULES: Record<
  ComparisonRow,
  { capability?: string; computed?: true; better?: "more" | "less" }
> = {
  videoCount: { capability: "videos", computed: true, better: "more" },
  grimoireAccess: { capability: "grimoires" },
  ritualGuides: { capability: "rituals" },
  communitySize: { computed: true, better: "more" },
  privateForums: { capability: "premiumCategories", computed: true },
  expertTeaching: {},
  prioritySupport: {},
  contentUpdates: {},
  guarantee: { computed: true, better: "more" },
  monthlyPrice: { computed: true, better: "less" },
};

/** Rows our column always computes from the product itself (any `ours` entry for them is ignored). */
export const COMPUTED_ROWS: readonly ComparisonRow[] = COMPARISON_ROWS.filter(
  (row) => ROW_RULES[row].computed,
);

export type ComparisonValue = boolean | number | string | null;
export type ComparisonValues = Partial<Record<ComparisonRow, ComparisonValue>>;

export interface Competitor {
  /** null = the translated default label (subscription.comparison.competitor1, 2, …). */
  name: string | null;
  values: ComparisonValues;
}

export interface ComparisonSettings {
  competitors: [Competitor, Competitor];
  /** Our declared values (rows not in COMPUTED_ROWS). */
  ours: ComparisonValues;
  /** The rows the admin chose to show, in SPEC order. */
  rows: ComparisonRow[];
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
  rows: [...COMPARISON_ROWS],
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
  const name =
    typeof record.name === "string" ? record.name.trim().slice(0, COMPARISON_NAME_MAX) : "";
  const values = parseValues(record.values);
  return { name: name || null, values: values ?? fallback.values };
}

function parseRows(input: unknown): ComparisonRow[] {
  if (!Array.isArray(input)) return [...COMPARISON_ROWS];
  return COMPARISON_ROWS.filter((row) => input.includes(row));
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
  return {
    competitors: [parseCompetitor(list[0], first), parseCompetitor(list[1], second)],
    ours,
    rows: parseRows(record.rows),
  };
}

/** The JSON the admin screen stores (the inverse of parseComparison for valid settings). */
export function serializeComparison(settings: ComparisonSettings): string {
  return JSON.stringify(settings);
}

/** What the product knows about itself, for our column. */
export interface ComparisonFacts {
  /** Members of the community (root data `community.members`). */
  members: number;
  /** Published videos, once the product has a video library (the row needs the `videos` capability). */
  videos: number | null;
  /** What the community has, for the capability rows (memberships/benefits.ts). */
  community: CommunityFacts;
  guaranteeDays: number;
  /** The monthly price in major units (30 for 30.00), for comparing with competitors' prices. */
  monthlyAmount: number;
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

/** Why a row is not in the table (the admin screen says so next to it). */
export type HiddenReason = "off" | "unavailable" | "empty" | "unfavourable";

export interface ComparisonRowState extends ComparisonTableRow {
  /** null when the row is shown. */
  hidden: HiddenReason | null;
}

function cellOf(value: ComparisonValue | undefined): ComparisonCell {
  if (value === true) return { kind: "yes" };
  if (value === false) return { kind: "no" };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "string") return { kind: "text", text: value };
  return { kind: "none" };
}

function ourCell(
  row: ComparisonRow,
  settings: ComparisonSettings,
  facts: ComparisonFacts,
): ComparisonCell {
  switch (row) {
    case "videoCount":
      return facts.videos && facts.videos > 0
        ? { kind: "videos", count: facts.videos }
        : { kind: "none" };
    case "communitySize":
      return facts.members > 0 ? { kind: "members", count: facts.members } : { kind: "none" };
    case "guarantee":
      return facts.guaranteeDays > 0
        ? { kind: "days", count: facts.guaranteeDays }
        : { kind: "none" };
    case "monthlyPrice":
      return { kind: "price", text: facts.monthlyPrice };
    default:
      // A capability row (reached only when the registry has the capability): we have it.
      return ROW_RULES[row].capability ? { kind: "yes" } : cellOf(settings.ours[row]);
  }
}

/** Our figure of a row that compares amounts. */
function ourFigure(row: ComparisonRow, facts: ComparisonFacts): number {
  if (row === "videoCount") return facts.videos ?? 0;
  if (row === "communitySize") return facts.members;
  if (row === "guarantee") return facts.guaranteeDays;
  return facts.monthlyAmount;
}

/**
 * The figure a competitor's value claims, for comparing: a number as is; in a text the highest
 * number written ("< 500" → 500, "20–30" → 30, "2,000+" → 2000, "$49.90" → 49.9). `false` / empty
 * claim nothing (null); `true` or a text without a figure cannot be compared (undefined).
 */
export function claimedFigure(value: ComparisonValue | undefined): number | null | undefined {
  if (value === undefined || value === null || value === false) return null;
  if (value === true) return undefined;
  if (typeof value === "number") return value;
  const figures = [...value.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) =>
    Number(m[0].replace(/,(?=\d{3}\b)/g, "").replace(",", ".")),
  );
  const usable = figures.filter((n) => Number.isFinite(n));
  return usable.length > 0 ? Math.max(...usable) : undefined;
}

function favourable(
  row: ComparisonRow,
  settings: ComparisonSettings,
  facts: ComparisonFacts,
): boolean {
  const better = ROW_RULES[row].better;
  if (!better) return true;
  const ours = ourFigure(row, facts);
  return settings.competitors.every(({ values }) => {
    const theirs = claimedFigure(values[row]);
    if (theirs === null) return true;
    if (theirs === undefined) return false;
    return better === "more" ? ours >= theirs : ours <= theirs;
  });
}

/** Every row in SPEC order with our cell, the competitors' and whether (and why not) it shows. */
export function comparisonRows(
  settings: ComparisonSettings,
  facts: ComparisonFacts,
): ComparisonRowState[] {
  return COMPARISON_ROWS.map((row) => {
    const capability = ROW_RULES[row].capability;
    const available = capability === undefined || hasCapability(capability, facts.community);
    const ours: ComparisonCell = available ? ourCell(row, settings, facts) : { kind: "none" };
    const competitors: [ComparisonCell, ComparisonCell] = [
      cellOf(settings.competitors[0].values[row]),
      cellOf(settings.competitors[1].values[row]),
    ];
    let hidden: HiddenReason | null = null;
    if (!available) hidden = "unavailable";
    // A declared ✗ of ours adds nothing truthful to a sales page either.
    else if (ours.kind === "none" || ours.kind === "no") hidden = "empty";
    else if (!favourable(row, settings, facts)) hidden = "unfavourable";
    else if (!settings.rows.includes(row)) hidden = "off";
    return { row, ours, competitors, hidden };
  });
}

/** The rows /subscription shows: true, favourable and chosen by the admin, in SPEC order. */
export function comparisonTable(
  settings: ComparisonSettings,
  facts: ComparisonFacts,
): ComparisonTableRow[] {
  return comparisonRows(settings, facts)
    .filter((state) => state.hidden === null)
    .map(({ hidden: _hidden, ...row }) => row);
}

/**
 * A value typed on the admin form: empty → not stated, yes / no (or ✓ / ✗) → a mark, a plain
 * number → a number, anything else → a short text as written. Too long: undefined (refused).
 */
export function parseFormValue(input: string): ComparisonValue | undefined {
  const text = input.trim();
  if (text === "") return null;
  if (text.length > COMPARISON_TEXT_MAX) return undefined;
  if (/^(yes|true|✓|✔)$/i.test(text)) return true;
  if (/^(no|false|✗|✘)$/i.test(text)) return false;
  if (/^\d{1,12}(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/** How a stored value appears in its form field (the inverse of parseFormValue). */
export function formValueOf(value: ComparisonValue | undefined): string {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (value === null || value === undefined) return "";
  return String(value);
}
