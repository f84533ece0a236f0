import type { MessageKey } from "#app/i18n/i18n";

/**
 * One of the site's own figures (figures.server.ts): a count of something in the database, or the
 * membership's price. Browser-safe: the landing pages and the comparison table render them.
 */
export type FigureValue =
  { kind: "count"; value: number } | { kind: "price"; amount: number; currency: string };

export interface SiteFigure {
  key: string;
  labelKey: MessageKey;
  value: FigureValue;
}

/** A figure's count by key (the comparison table's video row reads `videos`), else null. */
export function figureCount(figures: readonly SiteFigure[], key: string): number | null {
  const figure = figures.find((f) => f.key === key);
  return figure?.value.kind === "count" ? figure.value.value : null;
}
