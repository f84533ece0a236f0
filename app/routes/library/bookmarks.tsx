import { Bookmark, Crown } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/bookmarks";
import { Badge } from "#app/components/ui/badge";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { requireUser } from "#app/modules/auth/index.server";
import { articleHref, bookmarkedArticles } from "#app/modules/library/index.server";

export const handle = { texts: ["library"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.bookmarks.title", { noindex: true });

/** `/bookmarks` (signed in): the member's bookmarked texts, newest first; nobody else sees them. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const list = await bookmarkedArticles(viewer.user.id, pageNumber(url.searchParams.get("page")));
  return { ...list, rows: list.rows.map((row) => ({ ...row, href: articleHref(row) })) };
}

export default function Bookmarks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const dates = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const { rows, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 id="bookmarks-title" className="text-3xl font-semibold">
        {t("library.bookmarks.title")}
      </h1>
      <p className="mt-1 text-muted-foreground">{t("library.bookmarks.intro")}</p>
      {rows.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-border p-10 text-center">
          <Bookmark className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
          <p className="mt-3 text-muted-foreground">{t("library.bookmarks.empty")}</p>
          <Link
            to="/grimoires"
            className="mt-3 inline-flex text-sm font-medium text-primary hover:underline"
          >
            {t("library.bookmarks.browse")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3" aria-labelledby="bookmarks-title">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-border bg-card p-4">
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                {t(`library.types.${row.type}.singular`)}
                {row.isPremium ? (
                  <Badge variant="secondary">
                    <Crown aria-hidden="true" />
                    {t("library.premium")}
                  </Badge>
                ) : null}
              </p>
              <h2 className="mt-1 text-lg font-semibold" dir="auto">
                <Link to={row.href} className="hover:underline">
                  {row.title}
                </Link>
              </h2>
              {row.summary ? (
                <p className="mt-1 line-clamp-2 text-sm text-muted-foreground" dir="auto">
                  {row.summary}
                </p>
              ) : null}
              <p className="mt-2 text-xs text-muted-foreground">
                {t("library.bookmarks.savedOn", { date: dates.format(new Date(row.bookmarkedAt)) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} className="mt-6" />
    </div>
  );
}
