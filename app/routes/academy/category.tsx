import { data, Link } from "react-router";
import type { Route } from "./+types/category";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageNumber } from "#app/lib/page-number";
import { categoryPage } from "#app/modules/academy/index.server";
import { CourseGrid } from "#app/modules/academy/components/course-card";

export const handle = { texts: ["academy"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? { text: args.loaderData.category.title } : "academy.title");

/** `/academy/category/{slug}`: an active category's published courses, newest first, paginated. */
export async function loader({ params, url }: Route.LoaderArgs) {
  const found = await categoryPage(params.slug, pageNumber(url.searchParams.get("page")));
  if (!found) throw data(null, { status: 404 });
  return found;
}

export default function AcademyCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, courses } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p className="text-sm">
        <Link to="/academy" className="text-muted-foreground hover:underline">
          {t("academy.nav")}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold">{category.title}</h1>
      <p className="mt-1 text-muted-foreground">
        {t("academy.courseCount", { count: courses.total })}
      </p>
      <CourseGrid
        courses={courses.rows}
        label={category.title}
        empty={t("academy.emptyCategory")}
      />
      <Pagination page={courses.page} pageCount={courses.pageCount} className="mt-6" />
    </div>
  );
}
