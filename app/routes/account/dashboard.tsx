import { badgeText, rankTextKey, levelOf, levelProgress } from "#app/modules/profiles";
import { Award, BookOpen, FileQuestion, UserPen } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { pageMeta } from "#app/i18n/meta";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Progress } from "#app/components/ui/progress";
import { requireUser } from "#app/modules/auth/index.server";
import { PLAN_TITLE_KEYS, planOf } from "#app/modules/memberships";
import { numberFormat } from "#app/lib/intl";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { continueLearning } from "#app/modules/academy/index.server";
import { ContinueLearning } from "#app/modules/academy/components/continue-learning";
import { continueReading, practiceSummary } from "#app/modules/library/index.server";
import { AttunementCard } from "#app/modules/library/components/attunement-card";
import { viewerZone } from "#app/modules/coven-events";
import { ContinueReading } from "#app/modules/library/components/continue-reading";
import { spiritsOfTheDay } from "#app/modules/spirits/index.server";
import { SpiritsOfTheDay } from "#app/modules/spirits/components/spirits-of-the-day";
import { OraclesBlock } from "#app/modules/consultations/components/oracles-block";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = {
  texts: ["account", "academy", "library", "spirits", "consultations"],
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "dashboard.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const p = viewer.profile;
  return {
    profile: {
      displayName: p.displayName,
      avatarUrl: p.avatarUrl,
      rank: p.mysticalRank,
      xpPoints: p.xpPoints,
      reputation: p.reputation,
      badges: p.mysticalBadges,
      hasBio: p.bio.length > 0,
    },
    membership: { tier: viewer.tier, isPremium: viewer.isPremium, isAdmin: viewer.isAdmin },
    firstVisit: viewer.firstSession,
    // Issue 12: progress per course where the member sees their own activity.
    // Issue 13: the library's texts in progress (back to the chapter where the member stopped)
    // and the spirit of the day of each catalogue, read beside the courses in progress.
    // and the attunement streak of a member who may practise.
    ...(await Promise.all([
      continueLearning(viewer.user.id, 4),
      continueReading(viewer.user.id, 4),
      spiritsOfTheDay(),
      viewer.isPremium || viewer.isAdmin
        ? practiceSummary(viewer.user.id, viewerZone(request.headers.get("cookie")))
        : null,
    ]).then(([learning, reading, spirits, practice]) => ({
      learning,
      reading,
      spirits,
      practice,
    }))),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { profile, membership, firstVisit, learning, reading, spirits, practice } = loaderData;
  const number = numberFormat(i18n.language);
  const progress = levelProgress(profile.xpPoints, profile.rank);
  const level = levelOf(profile.xpPoints);
  const stats = [
    { label: t("dashboard.rankCard"), value: t(rankTextKey(profile.rank)) },
    { label: t("dashboard.xpCard"), value: number.format(profile.xpPoints) },
    { label: t("dashboard.reputationCard"), value: number.format(profile.reputation) },
    { label: t("dashboard.levelCard"), value: number.format(level) },
  ];
  const steps = [
    ...(profile.hasBio && profile.avatarUrl
      ? []
      : [{ to: "/settings", label: t("dashboard.completeProfile"), icon: UserPen }]),
    { to: "/help/guidelines", label: t("dashboard.readGuidelines"), icon: BookOpen },
    { to: "/faq", label: t("dashboard.browseFaq"), icon: FileQuestion },
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex items-center gap-4">
        <Avatar src={profile.avatarUrl} name={profile.displayName} size="lg" />
        <div>
          <h1 className="text-2xl font-semibold">{t("dashboard.title")}</h1>
          <p className="text-muted-foreground">
            {t(firstVisit ? "dashboard.welcomeNew" : "dashboard.welcome", {
              name: profile.displayName,
            })}
          </p>
        </div>
      </div>

      <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className="rounded-xl border border-border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{s.label}</dt>
            <dd className="mt-1 text-2xl font-semibold" data-testid={`stat-${s.label}`}>
              {s.value}
            </dd>
          </div>
        ))}
      </dl>

      <section className="mt-6 rounded-xl border border-border bg-card p-4">
        <p className="text-sm">{t("profile.levelProgress", { level, progress })}</p>
        <Progress className="mt-2" value={progress} aria-label={t("nav.levelProgress")} />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section className="rounded-xl border border-border bg-card p-4 lg:col-span-2">
          <h2 className="font-semibold">{t("dashboard.badgesTitle")}</h2>
          {profile.badges.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t("dashboard.noBadges")}</p>
          ) : (
            <ul className="mt-3 flex flex-wrap gap-2">
              {profile.badges.map((badge) => (
                <li key={badge}>
                  <Badge variant="secondary" className="gap-1">
                    <Award className="size-3.5" aria-hidden="true" />
                    {badgeText(t, badge)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="rounded-xl border border-border bg-card p-4" data-testid="membership">
          <h2 className="font-semibold">{t("dashboard.membership")}</h2>
          <p className="mt-2 text-sm">
            {t("dashboard.membershipTier", { tier: t(PLAN_TITLE_KEYS[planOf(membership.tier)]) })}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {/* An admin without the plan has its features by role, not a membership. */}
            {membership.tier !== "free"
              ? t("dashboard.premiumActive")
              : membership.isAdmin
                ? t("dashboard.adminAccess")
                : t("dashboard.freePlan")}
          </p>
        </section>
      </div>

      {learning.length > 0 ? <ContinueLearning courses={learning} className="mt-6" /> : null}
      {reading.length > 0 ? <ContinueReading articles={reading} className="mt-6" /> : null}
      <p className="mt-3 text-sm">
        <Link to="/bookmarks" className="font-medium text-primary hover:underline">
          {t("library.bookmarks.all")}
        </Link>
      </p>
      {practice ? <AttunementCard practice={practice} className="mt-6" /> : null}
      <SpiritsOfTheDay spirits={spirits} className="mt-6" />
      <OraclesBlock variant="compact" className="mt-6" />

      <section className="mt-6">
        <h2 className="font-semibold">{t("dashboard.nextSteps")}</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {steps.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 hover:bg-muted"
              >
                <Icon className="size-5 text-primary" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
