import { cn } from "#app/lib/cn";
import { ARTICLE_COVER } from "../types";

/** An article's cover on a card: decorative (the title beside it names the text), loaded lazily. */
export function CoverImage({ src, className }: { src: string | null; className?: string }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      width={ARTICLE_COVER.width}
      height={ARTICLE_COVER.height}
      className={cn("aspect-video w-full rounded-lg object-cover", className)}
    />
  );
}
