import {
  COMPARISON_NAME_MAX,
  COMPARISON_ROWS,
  COMPUTED_ROWS,
  ROW_RULES,
  formValueOf,
  parseFormValue,
  type ComparisonRow,
  type ComparisonSettings,
  type ComparisonValues,
  type Competitor,
} from "./comparison";

/**
 * The comparison table's form on /admin/billing: field names, the values it shows for stored
 * settings, and the settings it makes of a submitted form (with translated field errors).
 *
 * Fields: `competitor1_name`, `competitor2_name`; per row `show_<row>` (a checkbox),
 * `competitor1_<row>`, `competitor2_<row>` and, for rows whose value of ours is declared rather
 * than computed, `ours_<row>`.
 */
export const COMPETITOR_SLOTS = [1, 2] as const;

/** The stored competitor of a form slot (slot 1 is the first of the pair). */
function competitorIn(settings: ComparisonSettings, slot: 1 | 2): Competitor {
  return settings.competitors[slot === 1 ? 0 : 1];
}

export const field = {
  name: (slot: 1 | 2) => `competitor${slot}_name`,
  show: (row: ComparisonRow) => `show_${row}`,
  competitor: (slot: 1 | 2, row: ComparisonRow) => `competitor${slot}_${row}`,
  ours: (row: ComparisonRow) => `ours_${row}`,
};

/** Rows whose value of ours the admin declares (service promises, capabilities of ours). */
export function declaredRow(row: ComparisonRow): boolean {
  return !COMPUTED_ROWS.includes(row) && ROW_RULES[row].capability === undefined;
}

/** The form's initial values for the stored settings. */
export function comparisonFormValues(settings: ComparisonSettings): Record<string, string> {
  const values: Record<string, string> = {};
  for (const slot of COMPETITOR_SLOTS)
    values[field.name(slot)] = competitorIn(settings, slot).name ?? "";
  for (const row of COMPARISON_ROWS) {
    if (settings.rows.includes(row)) values[field.show(row)] = "on";
    for (const slot of COMPETITOR_SLOTS)
      values[field.competitor(slot, row)] = formValueOf(competitorIn(settings, slot).values[row]);
    if (declaredRow(row)) values[field.ours(row)] = formValueOf(settings.ours[row]);
  }
  return values;
}

export type ComparisonFormResult =
  { ok: true; settings: ComparisonSettings } | { ok: false; errors: Record<string, string> };

/** A submitted form as settings, or the fields that are too long. Anything unknown is ignored. */
export function comparisonFromForm(values: Record<string, string>): ComparisonFormResult {
  const errors: Record<string, string> = {};
  const read = (name: string) => {
    const value = parseFormValue(values[name] ?? "");
    if (value === undefined) errors[name] = "admin.comparison.errors.valueTooLong";
    return value ?? null;
  };
  const competitorOf = (slot: 1 | 2): Competitor => {
    const name = (values[field.name(slot)] ?? "").trim();
    if (name.length > COMPARISON_NAME_MAX)
      errors[field.name(slot)] = "admin.comparison.errors.nameTooLong";
    const competitorValues: ComparisonValues = {};
    for (const row of COMPARISON_ROWS) competitorValues[row] = read(field.competitor(slot, row));
    return { name: name || null, values: competitorValues };
  };
  const competitors: [Competitor, Competitor] = [competitorOf(1), competitorOf(2)];
  const ours: ComparisonValues = {};
  for (const row of COMPARISON_ROWS) if (declaredRow(row)) ours[row] = read(field.ours(row));
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      competitors,
      ours,
      rows: COMPARISON_ROWS.filter((row) => values[field.show(row)] === "on"),
    },
  };
}
