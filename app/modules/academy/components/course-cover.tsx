import { cn } from "#app/lib/cn";
import { COURSE_COVER } from "../admin-validation";

/**
 * A course's cover image at its stored 16:9 size (the width and height reserve its space before
 * it loads). `alt` is empty where the course's title is next to it and says nothing more.
 */
export function CourseCover({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** The course page's cover is its first image: load it at once, not lazily. */
  priority?: boolean;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={COURSE_COVER.width}
      height={COURSE_COVER.height}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={cn("aspect-video w-full bg-muted object-cover", className)}
    />
  );
}
