import { rankTextKey } from "#app/modules/profiles";
import {
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

export async function loader({ request }: Route.LoaderArgs) {
  const [content, access, spirits] = await Promise.all([
    landingContent(),
    getReadingAccess(request),
    spiritsOfTheDay(),
  ]);
  // Members-only reading: the respected members (names, ranks, links to profiles) are for members.
  return { ...(access === "full" ? content : { ...content, voices: [] }), spirits };
}

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
  return (
    <div>
      <section
        className="relative overflow-hidden bg-[hsl(var(--primary-hsl)/0.08)]"
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
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:py-24">
          <p className="text-sm font-medium tracking-wide text-primary uppercase">
            {t("home.heroKicker")}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            {settings.site_name}
          </h1>
          <p className="mt-2 text-xl text-foreground/90 sm:text-2xl">{t("home.title")}</p>
          <p className="mx-auto mt-4 max-w-2xl text-muted-foreground">{description}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {viewer ? (
              <Button asChild size="lg">
                <Link to="/dashboard">{t("home.ctaDashboard")}</Link>
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to="/auth?tab=signup">{t("home.ctaJoin")}</Link>
              </Button>
            )}
            <Button asChild size="lg" variant="outline">
              <Link to="/help">{t("home.ctaLearnMore")}</Link>
            </Button>
          </div>
          <p className="mt-6 text-sm text-muted-foreground">
            <strong className="text-foreground">{number.format(community.members)}</strong>{" "}
            {t("home.communityMembers")}
          </p>
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
