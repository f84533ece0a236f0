import { Search as SearchIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { normalizeTerm, searchSite } from "#app/modules/search/search.server";

export const meta: Route.MetaFunction = () => [{ title: "Search" }];

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("q") ?? "";
  const term = normalizeTerm(raw);
  return { raw, term, results: term ? await searchSite(term) : null };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { raw, term, results } = loaderData;
  const empty = results && results.members.length === 0 && results.pages.length === 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{term ? t("search.resultsFor", { term }) : t("search.title")}</h1>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("header.searchLabel")}
        </label>
        <Input id="search-page-q" name="q" type="search" defaultValue={raw} placeholder={t("search.prompt")} className="flex-1" />
        <Button type="submit">
          <SearchIcon className="size-4" aria-hidden="true" />
          {t("common.search")}
        </Button>
      </Form>
      {raw.trim() && !term ? <p className="mt-6 text-muted-foreground">{t("search.tooShort")}</p> : null}
      {empty ? (
        <p className="mt-6 text-muted-foreground" role="status">
          {t("search.empty", { term })}
        </p>
      ) : null}
      {results && results.pages.length > 0 ? (
        <section className="mt-8">
          <h2 className="text-lg font-semibold">{t("search.pages")}</h2>
          <ul className="mt-3 space-y-3">
            {results.pages.map((page) => (
              <li key={page.path} className="rounded-lg border border-border bg-card p-4">
                <Link to={page.path} className="font-medium text-primary hover:underline">
                  {page.title}
                </Link>
                <p className="mt-1 text-sm text-muted-foreground">{page.excerpt}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {results && results.members.length > 0 ? (
        <section className="mt-8">
          <h2 className="text-lg font-semibold">{t("search.members")}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {results.members.map((m) => (
              <li key={m.slug}>
                <Link to={`/profile/${m.slug}`} className="flex items-center gap-3 rounded-lg border border-border bg-card p-3 hover:bg-muted">
                  <Avatar src={m.avatarUrl} name={m.displayName} size="sm" />
                  <span>
                    <span className="block font-medium">{m.displayName}</span>
                    <span className="block text-xs text-muted-foreground">{t(`ranks.${m.mysticalRank}`)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
