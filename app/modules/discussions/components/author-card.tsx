import {
  badgeText,
  rankTextKey,
  levelOf,
  levelProgress,
  type MysticalRank,
} from "#app/modules/profiles";
import { Award } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Progress } from "#app/components/ui/progress";
import { numberFormat } from "#app/lib/intl";
import type { AuthorCard as AuthorCardData } from "../types";

/** The post author's card: rank, level progress and badges (issue: author card). */
export function AuthorCard({ author }: { author: AuthorCardData }) {
  const { t, i18n } = useTranslation();
  const level = levelOf(author.xpPoints);
  return (
    <section
      aria-label={t("discussions.authorCard")}
      className="rounded-xl border border-border bg-card p-4"
    >
      <Link to={`/profile/${author.slug}`} className="flex items-center gap-3 hover:underline">
        <Avatar src={author.avatarUrl} name={author.displayName} size="md" />
        <span className="min-w-0">
          <span className="block truncate font-medium" dir="auto">
            {author.displayName}
          </span>
          <span className="block text-xs text-muted-foreground">
            {t(rankTextKey(author.rank))} · {t("discussions.level", { level })} ·{" "}
            {numberFormat(i18n.language).format(author.reputation)} {t("nav.reputation")}
          </span>
        </span>
      </Link>
      <Progress
        className="mt-3"
        value={levelProgress(author.xpPoints, author.rank as MysticalRank)}
        aria-label={t("nav.levelProgress")}
      />
      {author.badges.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5">
          {author.badges.map((badge) => (
            <li key={badge}>
              <Badge variant="secondary" className="gap-1">
                <Award className="size-3" aria-hidden="true" />
                {badgeText(t, badge)}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
