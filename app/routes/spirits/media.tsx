import { Link } from "react-router";
import type { Route } from "./+types/media";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { numberFormat } from "#app/lib/intl";
import { CATALOGUES } from "#app/modules/spirits";
import {
  catalogueSpirits,
  popularPowers,
  spiritsOfTheDay,
} from "#app/modules/spirits/index.server";
import { PowerList } from "#app/modules/spirits/components/power-list";
import { SpiritsOfTheDay } from "#app/modules/spirits/components/spirits-of-the-day";

export const handle = { texts: ["spirits"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "spirits.title", { description: "spirits.intro" });

/**
 * SPEC §2 `/media` (open, not in the navigation): the spirits of the day, the popular powers
 * (SPEC §9: top 20) and the three catalogues with each spirit's description and powers.
 */
export async function loader() {
  const [today, popular, ...catalogues] = await Promise.all([
    spiritsOfTheDay(),
    popularPowers(),
    ...CATALOGUES.map(catalogueSpirits),
  ]);
  return {
    today,
    popular,
    catalogues: CATALOGUES.map((catalogue, index) => ({
      catalogue,
      spirits: catalogues[index]!,
    })),
  };
}

export default function SpiritsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const numbers = numberFormat(i18n.language);
  const { today, popular, catalogues } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("spirits.title")}</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">{t("spirits.intro")}</p>

      <SpiritsOfTheDay spirits={today} className="mt-8" showAllLink={false} />

      {popular.length > 0 ? (
        <section className="mt-10" aria-labelledby="popular-title">
          <h2 id="popular-title" className="text-2xl font-semibold">
            {t("spirits.popularTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("spirits.popularIntro")}</p>
          <ol className="mt-4 flex flex-wrap gap-2">
            {popular.map(({ power, spirits }) => (
              <li key={power}>
                <Link
                  to={`/search?q=${encodeURIComponent(power)}`}
                  className="inline-flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1 text-sm hover:bg-muted"
                >
                  <span dir="auto">{power}</span>
                  <span className="text-xs text-muted-foreground">
                    {t("spirits.spiritCount", { count: spirits, value: numbers.format(spirits) })}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <nav className="mt-10" aria-label={t("spirits.contents")}>
        <ul className="flex flex-wrap gap-3 text-sm">
          {catalogues.map(({ catalogue }) => (
            <li key={catalogue}>
              <a href={`#${catalogue}`} className="font-medium text-primary hover:underline">
                {t(`spirits.catalogues.${catalogue}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {catalogues.map(({ catalogue, spirits }) => (
        <section
          key={catalogue}
          id={catalogue}
          className="mt-10 scroll-mt-20"
          aria-labelledby={`${catalogue}-title`}
        >
          <h2 id={`${catalogue}-title`} className="text-2xl font-semibold">
            {t(`spirits.catalogues.${catalogue}`)}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {t("spirits.spiritCount", { count: spirits.length })}
          </p>
          {spirits.length === 0 ? (
            <p className="mt-4 text-muted-foreground">{t("spirits.empty")}</p>
          ) : (
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {spirits.map((spirit) => (
                <li key={spirit.id} className="rounded-xl border border-border bg-card p-4">
                  <h3 className="font-semibold" dir="auto">
                    <Link
                      to={`/search?q=${encodeURIComponent(spirit.name)}`}
                      className="hover:underline"
                      aria-label={t("spirits.searchFor", { name: spirit.name })}
                    >
                      {spirit.name}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm" dir="auto">
                    {spirit.description}
                  </p>
                  <PowerList powers={spirit.positivePowers} className="mt-2" />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
