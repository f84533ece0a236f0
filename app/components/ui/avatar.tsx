import { cva } from "class-variance-authority";
import { useState, type ComponentProps } from "react";
import { cn } from "#app/lib/cn";

const avatarVariants = cva(
  "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent font-semibold text-accent-foreground ring-1 ring-primary/15 select-none",
  {
    variants: {
      size: {
        sm: "size-8 text-xs",
        md: "size-10 text-sm",
        lg: "size-16 text-xl",
      },
    },
    defaultVariants: { size: "md" },
  },
);

const PIXELS = { sm: 32, md: 40, lg: 64 } as const;

export type AvatarSize = keyof typeof PIXELS;

/** Up to two initials: first letters of the first and last words, or the first letter of a single word. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/u).filter(Boolean);
  const firstWord = words[0];
  if (firstWord === undefined) return "";
  const lastWord = words.length > 1 ? words.at(-1) : undefined;
  const first = Array.from(firstWord)[0] ?? "";
  const last = lastWord === undefined ? "" : (Array.from(lastWord)[0] ?? "");
  return (first + last).toLocaleUpperCase();
}

export type AvatarProps = Omit<ComponentProps<"span">, "children"> & {
  /** Image URL; when missing (or it fails to load) the initials of `name` are shown. */
  src?: string | null;
  /** The person's name, used for the initials. */
  name?: string | null;
  size?: AvatarSize;
  /**
   * Accessible name. Leave empty (the default) when the name is already shown next to the avatar
   * or the surrounding control is labelled: the avatar is then decorative.
   */
  alt?: string;
};

/** A round avatar: the image when there is one, else initials on a primary-tinted circle. */
export function Avatar({ src, name, size = "md", alt = "", className, ...props }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  const labelled = alt !== "";
  return (
    <span
      data-slot="avatar"
      className={cn(avatarVariants({ size }), className)}
      {...(!showImage && labelled ? { role: "img", "aria-label": alt } : {})}
      {...props}
    >
      {showImage ? (
        <img
          src={src ?? undefined}
          alt={alt}
          width={PIXELS[size]}
          height={PIXELS[size]}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedSrc(src ?? null)}
          ref={(img) => {
            // An image that failed before hydration fired its error event too early for onError.
            if (img && src && img.complete && img.naturalWidth === 0) setFailedSrc(src);
          }}
        />
      ) : (
        <span aria-hidden="true" className="leading-none">
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
