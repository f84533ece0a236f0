import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";

export interface RelatedLink {
  title: string;
  url: string;
  excerpt: string;
}

/**
 * "Related discussions" beside a thread: other threads the knowledge index finds closest to this
 * one (`relatedTo`), only those the reader may open. Nothing is shown when none is close enough.
 */
export function RelatedDiscussions({ items }: { items: readonly RelatedLink[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="related-discussions"
      className="rounded-xl border border-border bg-card p-4"
      data-testid="related-discussions"
    >
      <h2 id="related-discussions" className="flex items-center gap-2 text-sm font-semibold">
        <MessagesSquare className="size-4 text-primary" aria-hidden="true" />
        {t("discussions.related.title")}
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map((item) => (
          <li key={item.url} className="min-w-0">
            <Link
              to={item.url}
              className="block text-sm leading-snug font-medium break-words hover:text-primary hover:underline"
            >
              <bdi>{item.title}</bdi>
            </Link>
            {item.excerpt ? (
              <p className="mt-0.5 line-clamp-2 text-xs text-muted-foreground" dir="auto">
                {item.excerpt}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
