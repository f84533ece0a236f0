import { CheckCircle2, Crown, Timer } from "lucide-react";
import { Link } from "react-router";
import { PremiumGate } from "#app/components/shell/premium-gate";
import { Badge } from "#app/components/ui/badge";
import { useTranslation } from "#app/i18n/react";
import type { PracticeCard, PracticeSummary } from "../practice.server";
import { PracticeStreak } from "./practice-streak";
import { CoverImage } from "./cover-image";

export interface AttunementPathData {
  path: string;
  category: { id: string; title: string; description: string };
  practices: Array<PracticeCard & { href: string }>;
  practice: PracticeSummary | null;
}

/**
 * An attunement path's page (`/demon-attunements`, `/elentho-attunements`): its practices in
 * order with their length; for a member who may follow them, the streak, the fortnight's history
 * and which practices are done today; for others, the Premium gate under the list.
 */
export function AttunementPath({
  data,
  titleKey,
  introKey,
}: {
  data: AttunementPathData;
  titleKey: "library.attunements.demonTitle" | "library.attunements.elenthosTitle";
  introKey: "library.attunements.demonIntro" | "library.attunements.elenthosIntro";
}) {
  const { t } = useTranslation();
  const { practices, practice } = data;
  const doneToday = new Set(practice?.doneToday ?? []);
  // The other path, so a member finds both from either.
  const other =
    data.path === "/demon-attunements"
      ? { to: "/elentho-attunements", label: "library.attunements.elenthosTitle" as const }
      : { to: "/demon-attunements", label: "library.attunements.demonTitle" as const };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 id="path-title" className="text-3xl font-semibold">
        {t(titleKey)}
      </h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">{t(introKey)}</p>
      <p className="mt-2 text-sm">
        <Link to={other.to} className="font-medium text-primary hover:underline">
          {t(other.label)}
        </Link>
      </p>

      {practice ? (
        <section
          className="mt-6 rounded-xl border border-border bg-card p-5"
          aria-label={t("library.practice.yourPractice")}
        >
          <PracticeStreak
            streak={practice.streak}
            today={practice.today}
            recentDays={practice.recentDays}
          />
          <p className="mt-3 text-sm text-muted-foreground">
            {t("library.practice.totalSessions", { count: practice.totalSessions })}
          </p>
        </section>
      ) : null}

      {practices.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          {t("library.attunements.empty")}
        </p>
      ) : (
        <ol className="mt-6 space-y-4" aria-labelledby="path-title">
          {practices.map((item, index) => (
            <li key={item.id} className="rounded-xl border border-border bg-card p-5">
              <CoverImage src={item.coverUrl} className="mb-4" />
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span>{t("library.attunements.practiceNumber", { index: index + 1 })}</span>
                {item.minutes > 0 ? (
                  <span className="inline-flex items-center gap-1">
                    <Timer className="size-4" aria-hidden="true" />
                    {t("library.practice.minutes", { count: item.minutes })}
                  </span>
                ) : null}
                {item.isPremium ? (
                  <Badge variant="secondary">
                    <Crown aria-hidden="true" />
                    {t("library.premium")}
                  </Badge>
                ) : null}
                {doneToday.has(item.id) ? (
                  <span className="inline-flex items-center gap-1 font-medium text-primary">
                    <CheckCircle2 className="size-4" aria-hidden="true" />
                    {t("library.practice.doneToday")}
                  </span>
                ) : null}
              </div>
              <h2 className="mt-1 text-xl font-semibold" dir="auto">
                <Link to={item.href} className="hover:underline">
                  {item.title}
                </Link>
              </h2>
              {item.summary ? (
                <p className="mt-2 text-sm" dir="auto">
                  {item.summary}
                </p>
              ) : null}
              {practice ? (
                <Link
                  to={item.href}
                  className="mt-3 inline-flex text-sm font-medium text-primary hover:underline"
                >
                  {t("library.attunements.begin", { title: item.title })}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}

      {practice ? null : (
        <div className="mt-8 rounded-xl border border-border bg-card">
          <PremiumGate fallback="library.attunements.premium" headingLevel={2} />
        </div>
      )}
    </div>
  );
}
