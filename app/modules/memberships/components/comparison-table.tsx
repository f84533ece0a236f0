import { textKey } from "#app/i18n/i18n";
import { Check, Minus, X } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { numberFormat } from "#app/lib/intl";
import { useCommunityCounts } from "#app/modules/shell";
import { useRootData } from "#app/root";
import { figureCount, type SiteFigure } from "#app/modules/pages";
import { communityFacts } from "../benefits";
import {
  comparisonTable,
  parseComparison,
  type ComparisonCell,
  type ComparisonFacts,
} from "../comparison";
import { formatMoney, membershipPricing, minorUnitDigits } from "../pricing";

/** What the product knows about itself for our column: the community, the price, the guarantee. */
export function useComparisonFacts(figures: readonly SiteFigure[] = []): ComparisonFacts {
  const { i18n } = useTranslation();
  const { settings } = useRootData();
  const community = useCommunityCounts();
  const pricing = membershipPricing(settings);
  return {
    members: community.members,
    // From the site figures a page's loader read (pages/figures.server.ts), when the video library
    // registered its count there; the row also needs the `videos` capability.
    videos: figureCount(figures, "videos"),
    community: communityFacts(community),
    guaranteeDays: pricing.guaranteeDays,
    monthlyAmount: pricing.amount / 10 ** minorUnitDigits(pricing.currency),
    monthlyPrice: formatMoney(pricing.amount, pricing.currency, i18n.language),
  };
}

export function ComparisonCellView({ cell }: { cell: ComparisonCell }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  switch (cell.kind) {
    case "yes":
      return (
        <>
          <Check className="mx-auto size-5 text-primary" aria-hidden="true" />
          <span className="sr-only">{t("subscription.comparison.yes")}</span>
        </>
      );
    case "no":
      return (
        <>
          <X className="mx-auto size-5 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">{t("subscription.comparison.no")}</span>
        </>
      );
    case "none":
      return (
        <>
          <Minus className="mx-auto size-4 text-muted-foreground" aria-hidden="true" />
          <span className="sr-only">{t("subscription.comparison.notStated")}</span>
        </>
      );
    case "number":
      return <>{number.format(cell.value)}</>;
    case "text":
      return <bdi>{cell.text}</bdi>;
    case "members":
      return (
        <>{t("common.members", { count: cell.count, formattedCount: number.format(cell.count) })}</>
      );
    case "videos":
      return (
        <>
          {t("subscription.comparison.videos", {
            count: cell.count,
            formattedCount: number.format(cell.count),
          })}
        </>
      );
    case "days":
      return (
        <>
          {t("subscription.days", { count: cell.count, formattedCount: number.format(cell.count) })}
        </>
      );
    case "price":
      return <>{t("subscription.perMonth", { price: cell.text })}</>;
  }
}

/**
 * SPEC §2 comparison table: our membership against two competitors, only rows that are true and
 * favourable (see comparison.ts). Admins configure it on /admin/billing (`membership_comparison`).
 * `figures`: the site figures a loader read with `siteFigures()` (pages module), for the rows the
 * root data does not carry (the video count).
 */
export function ComparisonTable({
  raw,
  siteName,
  figures,
}: {
  raw: string | undefined;
  siteName: string;
  figures?: readonly SiteFigure[];
}) {
  const { t } = useTranslation();
  const facts = useComparisonFacts(figures);
  const settings = parseComparison(raw);
  const rows = comparisonTable(settings, facts);
  if (rows.length === 0) return null;
  const names = settings.competitors.map(
    (c, i) => c.name ?? t(textKey(`subscription.comparison.competitor${i + 1}`)),
  );
  return (
    <section aria-labelledby="comparison-title" className="mt-14">
      <h2 id="comparison-title" className="text-center text-2xl font-semibold">
        {t("subscription.comparison.title")}
      </h2>
      <p className="mt-2 text-center text-sm text-muted-foreground">
        {t("subscription.comparison.subtitle")}
      </p>
      {/*
       * Fits a phone: narrow padding, labels wrap (hyphenated where the browser knows the language),
       * and the competitors' names, which an admin chooses, may break anywhere.
       * Should a column still not fit, the table scrolls inside its own box; `relative` keeps the
       * cells' screen-reader texts (absolutely positioned) inside that box instead of widening
       * the page.
       */}
      <div className="relative mt-6 overflow-x-auto rounded-xl border border-border bg-card">
        <table
          className="w-full border-collapse text-xs break-words hyphens-auto sm:text-sm"
          data-testid="comparison-table"
        >
          <caption className="sr-only">{t("subscription.comparison.title")}</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="p-2 text-start font-medium text-muted-foreground sm:p-3">
                {t("subscription.comparison.feature")}
              </th>
              <th
                scope="col"
                className="bg-primary/10 p-2 text-center font-semibold text-primary sm:p-3"
              >
                {siteName}
              </th>
              {names.map((name, i) => (
                <th
                  key={i}
                  scope="col"
                  className="p-2 text-center font-medium text-muted-foreground [overflow-wrap:anywhere] sm:p-3"
                >
                  <bdi>{name}</bdi>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr
                key={row.row}
                className={cn(index < rows.length - 1 && "border-b border-border")}
                data-row={row.row}
              >
                <th scope="row" className="p-2 text-start font-medium sm:p-3">
                  {t(`subscription.comparison.rows.${row.row}`)}
                </th>
                <td className="bg-primary/10 p-2 text-center font-semibold sm:p-3">
                  <ComparisonCellView cell={row.ours} />
                </td>
                {row.competitors.map((cell, i) => (
                  <td key={i} className="p-2 text-center text-muted-foreground sm:p-3">
                    <ComparisonCellView cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
