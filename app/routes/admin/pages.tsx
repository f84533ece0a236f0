import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/pages";
import { pageMeta } from "#app/i18n/meta";
import { requireAdmin } from "#app/modules/auth/index.server";
import { PAGE_PATHS, listPages } from "#app/modules/pages/index.server";
import { dateTimeFormat } from "#app/lib/intl";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.pages.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const pages = await listPages();
  return {
    pages: pages.map((p) => ({
      slug: p.slug,
      title: p.title,
      path: PAGE_PATHS[p.slug] ?? null,
      updatedAt: p.updatedAt.toISOString(),
    })),
  };
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.pages.title")}</h2>
      <p className="mt-1 text-muted-foreground">{t("admin.pages.text")}</p>
      <ul className="mt-6 divide-y divide-border rounded-xl border border-border">
        {loaderData.pages.map((page) => (
          <li
            key={page.slug}
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
          >
            <div>
              <p className="font-medium" dir="auto">
                {page.title}
              </p>
              <p className="text-xs text-muted-foreground">
                {page.path} ·{" "}
                {t("common.lastUpdated", { date: date.format(new Date(page.updatedAt)) })}
              </p>
            </div>
            <div className="flex gap-3 text-sm">
              {page.path ? (
                <Link to={page.path} className="text-primary hover:underline">
                  {t("admin.pages.view")}
                </Link>
              ) : null}
              <Link to={`/admin/pages/${page.slug}`} className="text-primary hover:underline">
                {t("admin.pages.edit")}
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
