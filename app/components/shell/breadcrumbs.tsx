import { ChevronRight } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link, useLocation, useMatches } from "react-router";
import { cn } from "#app/lib/cn";
import { breadcrumbTrail, type BreadcrumbHandle } from "./breadcrumb-trail";

/**
 * SPEC §2 trail: Home, then one part per segment of the path, each named by the page's own data
 * (its route's `handle.breadcrumb`), by the screen's translated name, or title-cased. Long names
 * are cut with an ellipsis so the trail never widens the page on a phone.
 */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const leaf = useMatches().at(-1);
  const handle = leaf?.handle as BreadcrumbHandle | undefined;
  const labels = handle?.breadcrumb?.(leaf?.loaderData as never, t);
  const trail = breadcrumbTrail(pathname, t, labels);
  if (trail.length === 0) return null;
  return (
    <nav
      aria-label={t("nav.breadcrumb")}
      className="mx-auto w-full max-w-6xl px-4 pt-4 text-sm text-muted-foreground"
    >
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-foreground hover:underline">
            {t("nav.home")}
          </Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          const text = cn(
            "inline-block truncate align-bottom",
            last ? "max-w-[14rem] sm:max-w-md" : "max-w-[8rem] sm:max-w-[16rem]",
          );
          return (
            <li key={crumb.href} className="flex min-w-0 items-center gap-1">
              {/* Points from one part to the next: to the left in right-to-left languages. */}
              <ChevronRight
                className="size-3.5 shrink-0 rtl:-scale-x-100"
                aria-hidden="true"
                data-testid="breadcrumb-separator"
              />
              {last ? (
                <span
                  aria-current="page"
                  className={cn(text, "text-foreground")}
                  dir={crumb.own ? "auto" : undefined}
                >
                  {crumb.label}
                </span>
              ) : (
                <Link
                  to={crumb.href}
                  className={cn(text, "hover:text-foreground hover:underline")}
                  dir={crumb.own ? "auto" : undefined}
                >
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
