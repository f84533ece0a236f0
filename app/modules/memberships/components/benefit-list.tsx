import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { useCommunityCounts } from "#app/modules/shell";
import { benefitsOf, communityFacts, type Capability } from "../benefits";

/** A plan's benefits in this community, from the registry (../benefits.ts). */
export function useBenefits(plan: "free" | "full"): Capability[] {
  const community = useCommunityCounts();
  return benefitsOf(plan, communityFacts(community));
}

/**
 * A plan's benefits as a list: `compact` lines (popup, plan cards) or `cards` (the gate). Every
 * screen that lists benefits uses this, so they all say the same and only what exists.
 */
export function BenefitList({
  plan,
  variant = "compact",
  muted = false,
  className,
}: {
  plan: "free" | "full";
  variant?: "compact" | "cards";
  muted?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const benefits = useBenefits(plan);
  if (variant === "cards") {
    return (
      <ul
        className={cn("grid gap-4 sm:grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]", className)}
        data-testid={`benefits-${plan}`}
      >
        {benefits.map(({ key, icon: Icon, labelKey }) => (
          <li
            key={key}
            data-benefit={key}
            className="rounded-xl border border-border bg-card p-5 text-start"
          >
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <p className="mt-3 font-medium">{t(labelKey)}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={cn("space-y-2 text-sm", className)} data-testid={`benefits-${plan}`}>
      {benefits.map(({ key, icon: Icon, labelKey }) => (
        <li key={key} data-benefit={key} className="flex items-start gap-3">
          <Icon
            className={cn(
              "mt-0.5 size-4 shrink-0",
              muted ? "text-muted-foreground" : "text-primary",
            )}
            aria-hidden="true"
          />
          <span>{t(labelKey)}</span>
        </li>
      ))}
    </ul>
  );
}
