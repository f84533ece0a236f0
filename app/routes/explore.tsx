import { Compass, MessagesSquare, Sparkles } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/explore";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { requirePremium } from "#app/modules/auth/index.server";
import { requireReader } from "#app/modules/reading/index.server";
import { RecommendationCard } from "#app/modules/recommendations/components/recommendation-card";
import { SuggestionCard } from "#app/modules/recommendations/components/suggestion-card";
import { dayStart } from "#app/modules/recommendations";
import { todaysRecommendations } from "#app/modules/recommendations/index.server";
import { dateTimeFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["explore", "discussions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

// Personal picks are nothing for a search engine to index.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "explore.title", { noindex: true });

/** SPEC §2 /explore: premium only; everyone else gets the Premium gate (403) with its own text. */
export async function loader({ request }: Route.LoaderArgs) {
  // While reading is members-only a guest is asked to join first, then meets the gate.
  await requireReader(request, "explore");
  const viewer = await requirePremium(request, "explore.premiumFallback");
  return todaysRecommendations(viewer.actor);
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { day, coldStart, items, suggestions } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" }).format(
    dayStart(day),
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {t("explore.eyebrow")}
        </p>
        <h1 className="mt-3 text-3xl font-semibold">{t("explore.title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("explore.subtitle")}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t("explore.forDay", { date })}</p>
      </header>

      {items.length === 0 ? (
        <div
          className="mt-8 rounded-xl border border-dashed border-border p-10 text-center"
          data-testid="explore-empty"
        >
          <MessagesSquare className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
          <h2 className="mt-3 font-semibold">
            {coldStart ? t("explore.empty.title") : t("explore.caughtUp.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {coldStart ? t("explore.empty.text") : t("explore.caughtUp.text")}
          </p>
          <Button asChild variant="outline" className="mt-4">
            {coldStart ? (
              <Link to="/discussions/new">{t("explore.empty.cta")}</Link>
            ) : (
              <Link to="/discussions">{t("explore.browse")}</Link>
            )}
          </Button>
        </div>
      ) : (
        <>
          {coldStart ? (
            <p
              className="mt-6 flex items-start gap-3 rounded-xl border border-border bg-muted/50 p-4 text-sm"
              data-testid="explore-cold-start"
            >
              <Compass className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{t("explore.coldStart")}</span>
            </p>
          ) : null}
          <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label={t("explore.listLabel")}>
            {items.map((pick) => (
              <RecommendationCard
                key={`${pick.kind}:${pick.id}`}
                id={pick.id}
                labelKey={pick.labelKey}
                reason={pick.reason}
                item={pick.item}
              />
            ))}
          </ul>
          <div className="mt-8 text-center">
            <Button asChild variant="outline">
              <Link to="/discussions">{t("explore.browse")}</Link>
            </Button>
          </div>
        </>
      )}
      {suggestions.length > 0 ? (
        <section className="mt-10" aria-labelledby="site-suggestions">
          <h2 id="site-suggestions" className="text-xl font-semibold">
            {t("explore.suggestions.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("explore.suggestions.text")}</p>
          <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
            {suggestions.map((suggestion) => (
              <SuggestionCard key={suggestion.url} suggestion={suggestion} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
