import { useTranslation } from "#app/i18n/react";
import { numberFormat } from "#app/lib/intl";
import { formatMoney } from "#app/modules/memberships";
import type { SiteFigure } from "../figures";

/** The site's own figures (figures.server.ts) as a row of big numbers with their labels. */
export function SiteFigures({ figures }: { figures: readonly SiteFigure[] }) {
  const { t, i18n } = useTranslation();
  if (figures.length === 0) return null;
  const number = numberFormat(i18n.language);
  return (
    <section aria-labelledby="figures-title" className="mt-14">
      <h2 id="figures-title" className="text-center text-2xl font-semibold">
        {t("landing.figures.title")}
      </h2>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="site-figures">
        {figures.map((figure) => (
          <div
            key={figure.key}
            className="flex flex-col-reverse rounded-xl border border-border bg-card p-4 text-center"
            data-figure={figure.key}
          >
            <dt className="mt-1 text-sm text-muted-foreground">{t(figure.labelKey)}</dt>
            <dd className="text-2xl font-bold text-primary">
              {figure.value.kind === "count"
                ? number.format(figure.value.value)
                : formatMoney(figure.value.amount, figure.value.currency, i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
