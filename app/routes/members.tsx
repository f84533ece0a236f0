import { rankTextKey } from "#app/modules/profiles";
import { useTranslation } from "#app/i18n/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/members";
import { pageMeta } from "#app/i18n/meta";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { MEMBERS_PAGE, membersByReputation } from "#app/modules/profiles/index.server";
import { requireReader } from "#app/modules/reading/index.server";
import { numberFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { Pagination } from "#app/components/ui/pagination";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "members.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireReader(request, "members");
  const search = url.searchParams.get("q") ?? "";
  return {
    search,
    pageSize: MEMBERS_PAGE,
    ...(await membersByReputation({ search, page: pageNumber(url.searchParams.get("page")) })),
  };
}

export default function Members({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { members, search, page, pageCount, pageSize } = loaderData;
  const number = numberFormat(i18n.language);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 id="members-title" className="text-3xl font-semibold">
        {t("members.title")}
      </h1>
      <p className="mt-1 text-muted-foreground">{t("members.subtitle")}</p>
      <Form
        method="get"
        role="search"
        aria-labelledby="members-title"
        className="mt-4 flex max-w-md gap-2"
      >
        <label htmlFor="members-q" className="sr-only">
          {t("members.searchLabel")}
        </label>
        <Input
          id="members-q"
          name="q"
          type="search"
          defaultValue={search}
          placeholder={t("members.searchPlaceholder")}
        />
        <Button type="submit" variant="secondary">
          {t("common.search")}
        </Button>
      </Form>
      {members.length === 0 ? (
        <p className="mt-8 text-muted-foreground">{t("members.empty")}</p>
      ) : (
        <ol className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {members.map((m, index) => (
            <li key={m.slug}>
              <Link
                to={`/profile/${m.slug}`}
                className="flex items-center gap-3 rounded-xl border border-border bg-card p-3 hover:bg-muted"
              >
                <span className="w-6 text-center text-sm text-muted-foreground tabular-nums">
                  {(page - 1) * pageSize + index + 1}
                </span>
                <Avatar src={m.avatarUrl} name={m.displayName} size="md" />
                <span className="min-w-0">
                  <span className="block truncate font-medium" dir="auto">
                    {m.displayName}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(rankTextKey(m.mysticalRank))} ·{" "}
                    {t("members.reputation", {
                      count: m.reputation,
                      formatted: number.format(m.reputation),
                    })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} className="mt-6" />
    </div>
  );
}
