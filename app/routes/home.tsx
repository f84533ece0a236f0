import { rankTextKey } from "#app/modules/profiles";
import {
  ArrowRight,
  Compass,
  Flame,
  Globe2,
  Lock,
  ShieldCheck,
  Sparkles,
  Sprout,
  TrendingUp,
} from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import type { MessageKey } from "#app/i18n/i18n";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { spiritsOfTheDay } from "#app/modules/spirits/index.server";
import { SpiritsOfTheDay } from "#app/modules/spirits/components/spirits-of-the-day";
import { OraclesBlock } from "#app/modules/consultations/components/oracles-block";
import { metaT } from "#app/i18n/meta";
import { siteDescription, useSiteDescription } from "#app/modules/settings";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { getReadingAccess } from "#app/modules/reading/index.server";
import { landingContent } from "#app/modules/shell/index.server";
import { useRootData } from "#app/root";
import { getViewer } from "#app/modules/auth/index.server";
import { experimentVariants } from "#app/modules/experiments/index.server";
import { EXPERIMENTS, trackExperimentClick } from "#app/modules/experiments";
import { cn } from "#app/lib/cn";
import { numberFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["home", "spirits", "consultations"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

/** The home page's title is the site's name alone; its description is the site's, translated when it is the default. */
export const meta: Route.MetaFunction = (args) => {
  const root = args.matches[0]?.loaderData as
    { settings?: { site_name?: string; site_description?: string } } | undefined;
  return [
    { title: root?.settings?.site_name ?? "Sanctuary" },
    {
      name: "description",
      content: siteDescription(root?.settings?.site_description, metaT(args)),
    },
  ];
};

/** The landing tests (SPEC §9): they measure sign-ups, so only guests take part. */
const LANDING_TESTS = [
  EXPERIMENTS.ctaButtonText,
  EXPERIMENTS.valueProposition,
  EXPERIMENTS.landingHeroLayout,
  EXPERIMENTS.landingCtaStyle,
  EXPERIMENTS.landingSocialProof,
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const [content, access, spirits, viewer] = await Promise.all([
    landingContent(),
    getReadingAccess(request),
    spiritsOfTheDay(),
    getViewer(request),
  ]);
  // Drawn on the server, so the page is rendered with its variants (no flicker).
  const experiments = viewer ? null : await experimentVariants({ request, context }, LANDING_TESTS);
  // Members-only reading: the respected members (names, ranks, links to profiles) are for members.
  return { ...(access === "full" ? content : { ...content, voices: [] }), spirits, experiments };
}

const CTA_TEXT: Record<string, MessageKey> = {
  A: "home.ctaJoin",
  B: "home.ab.ctaStart",
  C: "home.ab.ctaFree",
};
const VALUE_TEXT: Record<string, MessageKey> = {
  A: "home.title",
  B: "home.ab.valueLearning",
  C: "home.ab.valueBelonging",
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { settings, viewer, community } = useRootData();
  const number = numberFormat(i18n.language);
  const description = useSiteDescription();
  const levels = [
    { icon: Sprout, title: t("home.beginnerTitle"), text: t("home.beginnerText") },
    { icon: Compass, title: t("home.intermediateTitle"), text: t("home.intermediateText") },
    { icon: Flame, title: t("home.advancedTitle"), text: t("home.advancedText") },
  ];
  const reasons = [
    { icon: ShieldCheck, text: t("home.whySafe") },
    { icon: Globe2, text: t("home.whyLanguages") },
    { icon: TrendingUp, text: t("home.whyProgress") },
    { icon: Sparkles, text: t("home.whyFree") },
  ];
  const ab = loaderData.experiments;
  const split = ab?.[EXPERIMENTS.landingHeroLayout] === "B";
  const prominent = ab?.[EXPERIMENTS.landingCtaStyle] === "B";
  const joinClicked = () => {
    trackExperimentClick(EXPERIMENTS.ctaButtonText);
    trackExperimentClick(EXPERIMENTS.landingCtaStyle);
  };
  return (
    <div>
      <section
        className="relative overflow-hidden bg-[hsl(var(--primary-hsl)/0.08)]"
        data-hero-layout={split ? "split" : "centred"}
        style={
          settings.banner_url
            ? {
                backgroundImage: `linear-gradient(hsl(0 0% 100% / 0.88), hsl(0 0% 100% / 0.88)), url(${JSON.stringify(settings.banner_url)})`,
                backgroundSize: "cover",
                backgroundPosition: "center",
              }
            : undefined
        }
      >
        <div
          className={cn(
            "mx-auto px-4 py-16 sm:py-24",
            split
              ? "grid max-w-6xl items-center gap-10 md:grid-cols-[3fr_2fr]"
              : "max-w-5xl text-center",
          )}
        >
          <div>
            <p className="text-sm font-medium tracking-wide text-primary uppercase">
              {t("home.heroKicker")}
            </p>
            <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
              {settings.site_name}
            </h1>
            <p
              className="mt-2 text-xl text-foreground/90 sm:text-2xl"
              data-testid="value-proposition"
            >
              {t(VALUE_TEXT[ab?.[EXPERIMENTS.valueProposition] ?? "A"] ?? "home.title")}
            </p>
            <p className={cn("mt-4 max-w-2xl text-muted-foreground", !split && "mx-auto")}>
              {description}
            </p>
            <div className={cn("mt-8 flex flex-wrap gap-3", !split && "justify-center")}>
              {viewer ? (
                <Button asChild size="lg">
                  <Link to="/dashboard">{t("home.ctaDashboard")}</Link>
                </Button>
              ) : (
                <Button
                  asChild
                  size="lg"
                  className={cn(prominent && "h-14 rounded-full px-8 text-lg shadow-lg")}
                >
                  <Link to="/auth?tab=signup" onClick={joinClicked} data-testid="hero-join">
                    {t(CTA_TEXT[ab?.[EXPERIMENTS.ctaButtonText] ?? "A"] ?? "home.ctaJoin")}
                    {prominent ? (
                      <ArrowRight className="size-5 rtl:-scale-x-100" aria-hidden="true" />
                    ) : null}
                  </Link>
                </Button>
              )}
              <Button asChild size="lg" variant="outline">
                <Link to="/help">{t("home.ctaLearnMore")}</Link>
              </Button>
            </div>
            {ab?.[EXPERIMENTS.landingSocialProof] === "B" ? (
              <dl
                className={cn("mt-6 flex flex-wrap gap-6 text-sm", !split && "justify-center")}
                data-testid="social-proof"
              >
                {[
                  { value: community.members, label: t("home.communityMembers") },
                  { value: community.discussions, label: t("home.ab.proofDiscussions") },
                  { value: community.covens, label: t("home.ab.proofCovens") },
                ].map((item) => (
                  <div key={item.label} className="flex flex-col-reverse">
                    <dt className="text-muted-foreground">{item.label}</dt>
                    <dd className="text-2xl font-semibold text-foreground">
                      {number.format(item.value)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-6 text-sm text-muted-foreground">
                <strong className="text-foreground">{number.format(community.members)}</strong>{" "}
                {t("home.communityMembers")}
              </p>
            )}
          </div>
          {split ? (
            <aside
              aria-label={t("home.ab.highlights")}
              className="rounded-2xl border border-border bg-card/90 p-6 shadow-sm"
            >
              <h2 className="font-semibold">{t("home.ab.highlights")}</h2>
              <ul className="mt-4 space-y-4">
                {levels.map(({ icon: Icon, title, text }) => (
                  <li key={title} className="flex gap-3">
                    <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span>
                      <span className="block font-medium">{title}</span>
                      <span className="block text-sm text-muted-foreground">{text}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </aside>
          ) : null}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="levels-title">
        <h2 id="levels-title" className="text-center text-2xl font-semibold">
          {t("home.levelsTitle")}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {levels.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.circles.length > 0 ? (
        <section className="bg-muted/50 py-14" aria-labelledby="circles-title">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="circles-title" className="text-2xl font-semibold">
              {t("home.topicsTitle")}
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {loaderData.circles.map((c) => (
                <li key={c.slug} className="rounded-xl border border-border bg-card p-4">
                  <h3 className="flex items-center gap-2 font-medium">
                    <Link
                      to={`/discussions?category=${encodeURIComponent(c.slug)}`}
                      className="hover:text-primary hover:underline"
                    >
                      <bdi>{c.title}</bdi>
                    </Link>
                    {c.premium ? (
                      <Badge variant="outline" className="gap-1">
                        <Lock className="size-3" aria-hidden="true" />
                        {t("home.premiumTopic")}
                      </Badge>
                    ) : null}
                  </h3>
                  <p className="mt-1 text-sm text-muted-foreground">{c.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="why-title">
        <h2 id="why-title" className="text-2xl font-semibold">
          {t("home.whyTitle", { site: settings.site_name })}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {reasons.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </section>

      <SpiritsOfTheDay spirits={loaderData.spirits} className="mx-auto max-w-6xl px-4 pb-14" />

      <OraclesBlock variant="full" className="mx-auto max-w-6xl px-4 pb-14" />

      {loaderData.voices.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 pb-14" aria-labelledby="voices-title">
          <h2 id="voices-title" className="text-2xl font-semibold">
            {t("home.featuredMembersTitle")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.voices.map((v) => (
              <li key={v.slug}>
                <Link
                  to={`/profile/${v.slug}`}
                  className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 hover:bg-muted"
                >
                  <Avatar src={v.avatarUrl} name={v.displayName} size="md" />
                  <span className="min-w-0">
                    <span className="block truncate font-medium" dir="auto">
                      {v.displayName}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {t(rankTextKey(v.mysticalRank))} · {number.format(v.reputation)}{" "}
                      {t("nav.reputation")}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="mx-auto mb-8 max-w-6xl px-4">
        <div className="rounded-2xl border border-border bg-card p-8 text-center">
          <h2 className="text-xl font-semibold">{t("home.helpTitle")}</h2>
          <p className="mx-auto mt-2 max-w-xl text-muted-foreground">{t("home.helpText")}</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Button asChild variant="outline">
              <Link to="/help">{t("nav.helpCenter")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/help/guidelines">{t("nav.guidelines")}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/faq">{t("nav.faq")}</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}
