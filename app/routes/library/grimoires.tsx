import { BookOpen, Crown } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/grimoires";
import { Badge } from "#app/components/ui/badge";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageNumber } from "#app/lib/page-number";
import { typeLanding } from "#app/modules/library/index.server";
import { CoverImage } from "#app/modules/library/components/cover-image";

export const handle = { texts: ["library"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.grimoires.title", { description: "library.grimoires.intro" });

/** SPEC §2 `/grimoires` (open): every published grimoire with its tradition, chapters and excerpt. */
export async function loader({ url }: Route.LoaderArgs) {
  return typeLanding("grimoire", pageNumber(url.searchParams.get("page")));
}

export default function Grimoires({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { rows, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 id="grimoires-title" className="text-3xl font-semibold">
        {t("library.grimoires.title")}
      </h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">{t("library.grimoires.intro")}</p>
      {rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          {t("library.grimoires.empty")}
        </p>
      ) : (
        <ul className="mt-6 space-y-6" aria-labelledby="grimoires-title">
          {rows.map((grimoire) => (
            <li key={grimoire.id} className="rounded-xl border border-border bg-card p-5 sm:p-6">
              <CoverImage src={grimoire.coverUrl} className="mb-4" />
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                {grimoire.categoryTitle ? <bdi>{grimoire.categoryTitle}</bdi> : null}
                {grimoire.isPremium ? (
                  <Badge variant="secondary">
                    <Crown aria-hidden="true" />
                    {t("library.premium")}
                  </Badge>
                ) : null}
              </p>
              <h2 className="mt-1 text-2xl font-semibold" dir="auto">
                <Link to={`/grimoire/${grimoire.slug}`} className="hover:underline">
                  {grimoire.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                {t("library.chapters", { count: grimoire.chapterCount })} ·{" "}
                {t("library.readingTime", { count: grimoire.readingMinutes })}
              </p>
              {grimoire.summary ? (
                <p className="mt-3" dir="auto">
                  {grimoire.summary}
                </p>
              ) : null}
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium text-primary">
                  {t("library.grimoires.excerpt")}
                </summary>
                <div
                  className="prose-content mt-3 text-sm"
                  dir="auto"
                  dangerouslySetInnerHTML={{ __html: grimoire.excerptHtml }}
                />
              </details>
              <Link
                to={`/grimoire/${grimoire.slug}`}
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
              >
                <BookOpen className="size-4" aria-hidden="true" />
                {t("library.grimoires.open", { title: grimoire.title })}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} className="mt-6" />
    </div>
  );
}
