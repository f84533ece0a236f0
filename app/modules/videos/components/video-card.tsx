import { Eye, Film, Star } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { numberFormat } from "#app/lib/intl";
import type { VideoCard as Card } from "../queries.server";
import { formatDuration } from "./format";

/**
 * The poster of a video: its own poster image for an upload; for an embed a plain panel with the
 * provider's name, never the provider's thumbnail (no third-party request before the member asks,
 * docs/ARCHITECTURE.md "Remote images").
 */
export function VideoPoster({ video, className = "" }: { video: Card; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={`relative flex aspect-video items-center justify-center overflow-hidden bg-muted ${className}`}
    >
      {video.posterUrl ? (
        <img src={video.posterUrl} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        <div className="flex flex-col items-center gap-1 text-muted-foreground">
          <Film aria-hidden="true" className="size-8" />
          {video.provider ? (
            <span className="text-xs font-medium">{t(`videos.card.${video.provider}`)}</span>
          ) : null}
        </div>
      )}
      {video.durationSeconds !== null ? (
        <span className="absolute end-2 bottom-2 rounded bg-black/75 px-1.5 py-0.5 text-xs text-white tabular-nums">
          <span className="sr-only">{t("videos.card.duration")} </span>
          {formatDuration(video.durationSeconds)}
        </span>
      ) : null}
    </div>
  );
}

/** Views and rating, as the card and the video page show them. */
export function VideoStats({ video }: { video: Pick<Card, "views" | "rating" | "ratingCount"> }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1">
        <Eye aria-hidden="true" className="size-4" />
        {t("videos.card.views", { count: video.views, value: number.format(video.views) })}
      </span>
      <span className="inline-flex items-center gap-1">
        <Star aria-hidden="true" className="size-4" />
        {video.rating === null
          ? t("videos.card.unrated")
          : t("videos.card.rating", {
              rating: number.format(video.rating),
              votes: number.format(video.ratingCount),
            })}
      </span>
    </p>
  );
}

/** One video in a grid: poster, title, uploader, views and rating. */
export function VideoCard({ video }: { video: Card }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-border bg-card">
      <Link
        to={`/video/${encodeURIComponent(video.slug)}`}
        className="group flex flex-1 flex-col focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <VideoPoster video={video} />
        <div className="flex flex-1 flex-col gap-1 p-3">
          <h3 dir="auto" className="line-clamp-2 font-medium group-hover:underline">
            {video.title}
          </h3>
          {video.uploaderName ? (
            <p className="text-sm text-muted-foreground">
              {t("videos.card.by")} <bdi>{video.uploaderName}</bdi>
            </p>
          ) : null}
          <div className="mt-auto pt-1">
            <VideoStats video={video} />
          </div>
        </div>
      </Link>
    </li>
  );
}
