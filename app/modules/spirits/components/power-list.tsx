import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";

/** A spirit's positive powers as small labels (the spirits of the day, `/media`). */
export function PowerList({
  powers,
  className,
}: {
  powers: readonly string[];
  className?: string;
}) {
  const { t } = useTranslation();
  if (powers.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label={t("spirits.powers")}>
      {powers.map((power) => (
        <li
          key={power}
          className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground"
          dir="auto"
        >
          {power}
        </li>
      ))}
    </ul>
  );
}
