import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Select } from "#app/components/ui/select";

/*
 * The filters of a list page (docs/ARCHITECTURE.md "List filters"): a GET form whose fields are
 * the page's query parameters, so a filtered list is an address (shared, bookmarked, and
 * working without JavaScript), and the links of the page (pages, views, "clear") are built from
 * the same values by `filterHref`. A page declares its fields and defaults; this draws them.
 */

export interface FilterOption {
  value: string;
  label: string;
  lang?: string;
}

export type FilterField =
  | { kind: "select"; name: string; label: string; value: string; options: FilterOption[] }
  | {
      kind: "search" | "text" | "date";
      name: string;
      label: string;
      value: string;
      placeholder?: string;
      /** "auto" for what members type in any script (tags). */
      dir?: "auto";
      /** Twice the width of the others on a wide screen. */
      wide?: boolean;
    };

/** Query values of a list: every parameter the page reads, as strings. */
export type FilterValues = Record<string, string>;

/**
 * The address of the list with these values, leaving out each one equal to its default (and
 * empty ones), in the order of `values`; the bare path when nothing is left.
 */
export function filterHref(
  path: string,
  values: FilterValues,
  defaults: Partial<FilterValues> = {},
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== "" && value !== (defaults[name] ?? "")) params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether any of the named filters differs from its default. */
export function isFiltered(
  values: FilterValues,
  defaults: Partial<FilterValues>,
  names: readonly string[],
): boolean {
  return names.some((name) => (values[name] ?? "") !== (defaults[name] ?? ""));
}

export function ListFilters({
  idPrefix,
  labelledBy,
  fields,
  hidden = {},
  applyLabel,
  className = "",
}: {
  /** Prefix of the fields' ids (unique on the page). */
  idPrefix: string;
  /** Id of the heading that names the list (the form is its search landmark). */
  labelledBy: string;
  fields: FilterField[];
  /** Parameters the form keeps without showing them (the view, the month). */
  hidden?: FilterValues;
  applyLabel: string;
  className?: string;
}) {
  return (
    <Form
      // Fields are uncontrolled: a new address (a link, back) draws them again from its values.
      key={fields.map((field) => field.value).join("\u0000")}
      method="get"
      role="search"
      aria-labelledby={labelledBy}
      className={`grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:flex lg:items-end ${className}`}
    >
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const wide = field.kind !== "select" && field.wide;
        return (
          <div
            key={field.name}
            className={`min-w-0 space-y-1.5 ${wide ? "lg:flex-[2]" : "lg:flex-1"}`}
          >
            <Label htmlFor={id}>{field.label}</Label>
            {field.kind === "select" ? (
              <Select id={id} name={field.name} defaultValue={field.value}>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value} lang={option.lang}>
                    {option.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                id={id}
                name={field.name}
                type={field.kind}
                defaultValue={field.value}
                placeholder={field.placeholder}
                dir={field.dir}
              />
            )}
          </div>
        );
      })}
      <Button type="submit" variant="secondary">
        {applyLabel}
      </Button>
    </Form>
  );
}
