import { useTranslation } from "#app/i18n/react";
import { Link, useLocation } from "react-router";

/**
 * Previous / "Page 2 of 5" / Next under an admin list. Keeps the other query parameters (filters)
 * and only changes `page`.
 */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    if (p === 1) params.delete("page");
    else params.set("page", String(p));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  const label = t("common.pageOf", { page, pages });
  return (
    <nav className="mt-4 flex items-center justify-between gap-2 text-sm" aria-label={label}>
      {page > 1 ? (
        <Link to={href(page - 1)} className="rounded-md px-2 py-1 hover:underline" rel="prev">
          {t("common.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{label}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className="rounded-md px-2 py-1 hover:underline" rel="next">
          {t("common.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The number of pages for `total` rows (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
