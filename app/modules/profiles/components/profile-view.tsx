import { badgeText, rankTextKey, roleTextKey } from "../ranks";
import { Award, PenLine } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Progress } from "#app/components/ui/progress";
import { levelOf, levelProgress } from "../level";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import type { ProfileViewData } from "../types";

/** A member's public card: rank, level progress, XP, reputation, badges and bio. */
export function ProfileView({
  profile,
  own,
  actions,
}: {
  profile: ProfileViewData;
  own?: boolean;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const progress = levelProgress(profile.xpPoints, profile.mysticalRank);
  const level = levelOf(profile.xpPoints);
  const since = dateTimeFormat(i18n.language, { year: "numeric", month: "long" }).format(
    new Date(profile.createdAt),
  );
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
        <Avatar src={profile.avatarUrl} name={profile.displayName} size="lg" />
        <div className="flex-1">
          <h1 className="text-2xl font-semibold" dir={own ? undefined : "auto"}>
            {own ? t("profile.ownTitle") : profile.displayName}
          </h1>
          {own ? (
            <p className="text-lg" dir="auto">
              {profile.displayName}
            </p>
          ) : null}
          <div className="mt-1 flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            <Badge>{t(rankTextKey(profile.mysticalRank))}</Badge>
            {profile.role ? <Badge variant="outline">{t(roleTextKey(profile.role))}</Badge> : null}
            <span className="text-sm text-muted-foreground">
              {t("profile.memberSince", { date: since })}
            </span>
          </div>
        </div>
        {own ? (
          <Button asChild variant="outline">
            <Link to="/settings">{t("profile.editProfile")}</Link>
          </Button>
        ) : null}
        {actions}
      </header>

      <section className="mt-8 grid gap-4 sm:grid-cols-3" aria-label={t("profile.rank")}>
        <div className="rounded-xl border border-border bg-card p-4">
          <p className="text-sm text-muted-foreground">{t("profile.rank")}</p>
          <p className="mt-1 text-xl font-semibold">{t(rankTextKey(profile.mysticalRank))}</p>
        </div>
        <div className="rounded-xl border border-border bg-card p-4">
          <p className="text-sm text-muted-foreground">{t("profile.xp")}</p>
          <p className="mt-1 text-xl font-semibold">{number.format(profile.xpPoints)}</p>
        </div>
        <div className="rounded-xl border border-border bg-card p-4">
          <p className="text-sm text-muted-foreground">{t("profile.reputation")}</p>
          <p className="mt-1 text-xl font-semibold">{number.format(profile.reputation)}</p>
        </div>
      </section>

      <section className="mt-6 rounded-xl border border-border bg-card p-4">
        <p className="text-sm">{t("profile.levelProgress", { level, progress })}</p>
        <Progress className="mt-2" value={progress} aria-label={t("nav.levelProgress")} />
      </section>

      <section className="mt-6">
        <h2 className="text-lg font-semibold">{t("profile.badges")}</h2>
        {profile.mysticalBadges.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("profile.noBadges")}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {profile.mysticalBadges.map((badge) => (
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

      <section className="mt-6">
        {profile.bio ? (
          <p className="whitespace-pre-line text-foreground/90" dir="auto">
            {profile.bio}
          </p>
        ) : own ? (
          // Your own empty profile: an invitation to write, not the line visitors read.
          <div
            className="rounded-xl border border-dashed border-border p-5"
            data-testid="bio-invite"
          >
            <p className="text-foreground/90">{t("profile.bioInvite")}</p>
            <Button asChild size="sm" className="mt-3">
              <Link to="/settings#bio">
                <PenLine aria-hidden="true" />
                {t("profile.writeBio")}
              </Link>
            </Button>
          </div>
        ) : (
          <p className="text-muted-foreground">{t("profile.noBio")}</p>
        )}
      </section>
    </article>
  );
}
