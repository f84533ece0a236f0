import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/react";

/** This period against the previous one as a signed percentage; "—" when there was nothing before. */
export function change(current: number, previous: number, percent: Intl.NumberFormat): string {
  if (previous === 0) return current === 0 ? "0" : "—";
  return percent.format((current - previous) / previous);
}

export interface FigureRow {
  key: string;
  cells: ReactNode[];
}

/**
 * A titled card with a table of figures: the first column names the row (a row header), the
 * others are right-aligned numbers. An empty list says so.
 */
export function FigureTable({
  title,
  headers,
  rows,
  testId,
  footer,
}: {
  title: string;
  headers: string[];
  rows: FigureRow[];
  testId?: string;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="min-w-0 rounded-xl border border-border bg-card p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("admin.analytics.empty")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {headers.map((h, i) => (
                  <th
                    key={`${i}:${h}`}
                    scope="col"
                    className={`py-1 pe-3 font-medium text-muted-foreground ${i === 0 ? "text-start" : "text-end"}`}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-border">
                  {row.cells.map((cell, i) =>
                    i === 0 ? (
                      <th
                        key={i}
                        scope="row"
                        className="py-1 pe-3 text-start font-normal break-all"
                      >
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-1 pe-3 text-end tabular-nums">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {footer}
    </section>
  );
}
