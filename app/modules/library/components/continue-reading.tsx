import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";
import type { ArticleType } from "../types";

/** The member's texts in progress, most recent first, each leading back to where they stopped. */
export function ContinueReading({
  articles,
  className,
}: {
  articles: ReadonlyArray<{
    id: string;
    type: ArticleType;
    title: string;
    chapterId: string | null;
    chapterTitle: string | null;
  }>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section className={className} aria-labelledby="continue-reading-title">
      <h2 id="continue-reading-title" className="text-2xl font-semibold">
        {t("library.continue.title")}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {articles.map((article) => (
          <li key={article.id} className="rounded-xl border border-border bg-card p-4">
            <p className="text-xs text-muted-foreground">
              {t(`library.types.${article.type}.singular`)}
            </p>
            <h3 className="mt-1 font-semibold" dir="auto">
              {article.title}
            </h3>
            {article.chapterTitle ? (
              <p className="mt-1 text-sm text-muted-foreground" dir="auto">
                {article.chapterTitle}
              </p>
            ) : null}
            <Link
              className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              to={
                article.chapterId
                  ? `/article/${article.type}/${article.id}?chapter=${article.chapterId}`
                  : `/article/${article.type}/${article.id}`
              }
            >
              <BookOpen className="size-4" aria-hidden="true" />
              {t("library.continue.resume")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
