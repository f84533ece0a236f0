import { BookOpen, CalendarDays, GraduationCap, Sparkles, Video } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { Badge } from "#app/components/ui/badge";
import { IsolatedText } from "#app/components/isolated-text";
import { reasonText } from "../reasons";
import type { SiteSuggestion } from "../recommendations.server";

const ICONS = { article: BookOpen, lesson: GraduationCap, video: Video, event: CalendarDays };

/** A suggestion from across the site: why, what kind, the title and the passage that matched. */
export function SuggestionCard({ suggestion }: { suggestion: SiteSuggestion }) {
  const { t } = useTranslation();
  const Icon = ICONS[suggestion.kind];
  return (
    <li
      className="flex flex-col rounded-xl border border-border bg-card p-4 transition-colors hover:border-primary/40"
      data-testid="site-suggestion"
    >
      <p className="flex items-start gap-2 text-sm font-medium text-primary">
        <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">
          <IsolatedText text={reasonText(suggestion.reason, t)} />
        </span>
      </p>
      <div className="mt-3">
        <Badge variant="outline" className="gap-1">
          <Icon className="size-3" aria-hidden="true" />
          {t(`explore.kinds.${suggestion.kind}`)}
        </Badge>
      </div>
      <h3 className="mt-2 text-base leading-snug font-semibold break-words">
        <Link to={suggestion.url} className="hover:text-primary hover:underline">
          <bdi>{suggestion.title}</bdi>
        </Link>
      </h3>
      {suggestion.excerpt ? (
        <p className="mt-1 line-clamp-3 text-sm text-muted-foreground" dir="auto">
          {suggestion.excerpt}
        </p>
      ) : null}
    </li>
  );
}
