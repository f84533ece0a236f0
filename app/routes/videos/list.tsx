import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/list";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { Pagination } from "#app/components/ui/pagination";
import { filterHref, isFiltered, ListFilters } from "#app/components/list-filters";
import { pageNumber } from "#app/lib/page-number";
import { getViewer } from "#app/modules/auth/index.server";
import { canAddVideo } from "#app/modules/videos";
import { listVideos } from "#app/modules/videos/index.server";
import { VideoCard } from "#app/modules/videos/components/video-card";
import { videoListQuerySchema } from "#app/modules/videos/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["videos"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "videos.title");

/** SPEC §2 /videos: open to everyone; published, active videos by tag in four orders; one query. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const query = videoListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const page = pageNumber(url.searchParams.get("page"));
  return {
    query,
    canAdd: canAddVideo(viewer?.actor ?? null),
    ...(await listVideos(query, page)),
  };
}

const FILTER_DEFAULTS = { sort: "newest" };

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, rows, page, pageCount, canAdd } = loaderData;
  const values = { tag: query.tag, sort: query.sort };
  const filtered = isFiltered(values, FILTER_DEFAULTS, ["tag"]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="videos-title" className="text-3xl font-semibold">
            {t("videos.title")}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("videos.subtitle")}</p>
        </div>
        {canAdd ? (
          <Button asChild>
            <Link to="/add-video">
              <Plus aria-hidden="true" />
              {t("videos.add.title")}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListFilters
        idPrefix="videos"
        labelledBy="videos-title"
        className="mt-6"
        applyLabel={t("videos.list.apply")}
        fields={[
          { kind: "text", name: "tag", label: t("videos.list.tag"), value: query.tag, dir: "auto" },
          {
            kind: "select",
            name: "sort",
            label: t("videos.list.sort"),
            value: query.sort,
            options: [
              { value: "newest", label: t("videos.list.sortNewest") },
              { value: "views", label: t("videos.list.sortViews") },
              { value: "rating", label: t("videos.list.sortRating") },
              { value: "power", label: t("videos.list.sortPower") },
            ],
          },
        ]}
      />

      {rows.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-border p-10 text-center">
          <p className="text-muted-foreground">
            {filtered ? t("videos.list.emptyFiltered") : t("videos.list.empty")}
          </p>
          {filtered ? (
            <Button asChild variant="outline" className="mt-4">
              <Link to={filterHref("/videos", { sort: query.sort }, FILTER_DEFAULTS)}>
                {t("videos.list.clearFilters")}
              </Link>
            </Button>
          ) : canAdd ? (
            <Button asChild className="mt-4">
              <Link to="/add-video">{t("videos.add.title")}</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul
          className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          aria-label={t("videos.list.label")}
        >
          {rows.map((video) => (
            <VideoCard key={video.slug} video={video} />
          ))}
        </ul>
      )}

      <Pagination page={page} pageCount={pageCount} className="mt-6" />
    </div>
  );
}
