import { Link, useLocation } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";

/**
 * Previous / "Page 2 of 5" / Next under a numbered list. Plain links (they work before or
 * without JavaScript) that keep the other query parameters (search, filters) and change only
 * `page`; page 1 has none. Laid out with flex and logical spacing, so Previous sits at the start
 * of the line in either direction. Nothing when the list fits on one page.
 */
export function Pagination({
  page,
  pageCount,
  className,
}: {
  page: number;
  pageCount: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const label = t("common.pageOf", { page, pages: pageCount });
  const link = "rounded-md px-2 py-1 hover:underline";
  return (
    <nav
      className={cn("mt-4 flex items-center justify-between gap-2 text-sm", className)}
      aria-label={label}
    >
      {page > 1 ? (
        <Link to={href(page - 1)} className={link} rel="prev">
          {t("common.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{label}</span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={link} rel="next">
          {t("common.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
