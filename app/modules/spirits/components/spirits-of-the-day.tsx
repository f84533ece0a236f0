import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";
import type { Catalogue } from "../catalogues";
import { PowerList } from "./power-list";

/**
 * The spirit of the day of each catalogue (dashboard, home, `/media`): its name (leading to a
 * search for it, SPEC §2), description and powers.
 */
export function SpiritsOfTheDay({
  spirits,
  className,
  showAllLink = true,
}: {
  spirits: ReadonlyArray<
    readonly [
      Catalogue,
      { id: string; name: string; description: string; positivePowers: string[] },
    ]
  >;
  className?: string;
  showAllLink?: boolean;
}) {
  const { t } = useTranslation();
  if (spirits.length === 0) return null;
  return (
    <section className={className} aria-labelledby="spirits-of-the-day-title">
      <h2 id="spirits-of-the-day-title" className="flex items-center gap-2 text-2xl font-semibold">
        <Sparkles className="size-5 text-primary" aria-hidden="true" />
        {t("spirits.ofTheDay.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("spirits.ofTheDay.note")}</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {spirits.map(([catalogue, spirit]) => (
          <li key={catalogue} className="flex flex-col rounded-xl border border-border bg-card p-4">
            <p className="text-xs font-medium text-muted-foreground uppercase">
              {t(`spirits.ofTheDay.${catalogue}`)}
            </p>
            <h3 className="mt-1 text-lg font-semibold" dir="auto">
              <Link to={`/search?q=${encodeURIComponent(spirit.name)}`} className="hover:underline">
                {spirit.name}
              </Link>
            </h3>
            <p className="mt-1 text-sm" dir="auto">
              {spirit.description}
            </p>
            <PowerList powers={spirit.positivePowers} className="mt-3" />
          </li>
        ))}
      </ul>
      {showAllLink ? (
        <Link
          to="/media"
          className="mt-3 inline-block text-sm font-medium text-primary hover:underline"
        >
          {t("spirits.ofTheDay.all")}
        </Link>
      ) : null}
    </section>
  );
}
