import { Sparkles } from "lucide-react";
import { cn } from "#app/lib/cn";

/** A coven's uploaded banner, or a quiet gradient when it has none (decorative either way). */
export function CovenBanner({ src, className }: { src: string | null; className?: string }) {
  if (src)
    return <img src={src} alt="" className={cn("w-full object-cover", className)} loading="lazy" />;
  return (
    <div
      className={cn(
        "flex w-full items-center justify-center bg-gradient-to-br from-primary/25 via-primary/10 to-secondary/20",
        className,
      )}
    >
      <Sparkles className="size-6 text-primary/60" aria-hidden="true" />
    </div>
  );
}
