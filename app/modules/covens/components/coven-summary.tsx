import { Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { numberFormat } from "#app/lib/intl";
import type { CovenVisibility } from "../policy";
import { visibilityKey } from "./texts";

/** What a coven's heading shows, on its card in a list and at the head of its page. */
export interface CovenSummaryData {
  slug: string;
  name: string;
  visibility: CovenVisibility;
  memberCount: number;
  memberLimit: number;
  tags: string[];
}

/**
 * A coven's name, its facts (members of the limit, visibility, then whatever the page adds: its
 * language, the viewer's role) and its tags linking to the list filtered by each. A card names
 * the coven in an h2 linking to its page; the page itself in its h1.
 */
export function CovenSummary({
  coven,
  variant,
  extra,
}: {
  coven: CovenSummaryData;
  variant: "card" | "page";
  /** More facts after the member count and visibility, each its own element. */
  extra?: ReactNode[];
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const facts: ReactNode[] = [
    <span key="members" className="inline-flex items-center gap-1">
      <Users className="size-4" aria-hidden="true" />
      {t("covens.card.members", {
        count: coven.memberCount,
        formatted: number.format(coven.memberCount),
        limit: number.format(coven.memberLimit),
      })}
    </span>,
    <span key="visibility">{t(visibilityKey(coven.visibility))}</span>,
    ...(extra ?? []),
  ];
  return (
    <>
      {variant === "page" ? (
        <h1 className="text-3xl font-semibold break-words" dir="auto">
          {coven.name}
        </h1>
      ) : (
        <h2 className="text-lg font-semibold break-words">
          <Link
            to={`/covens/${encodeURIComponent(coven.slug)}`}
            className="hover:underline"
            dir="auto"
          >
            {coven.name}
          </Link>
        </h2>
      )}
      <p
        className={
          variant === "page"
            ? "mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
            : "flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
        }
      >
        {facts.flatMap((fact, index) =>
          index === 0
            ? [fact]
            : [
                <span key={`dot-${index}`} aria-hidden="true">
                  ·
                </span>,
                fact,
              ],
        )}
      </p>
      {coven.tags.length ? (
        <ul
          className={variant === "page" ? "mt-2 flex flex-wrap gap-1.5" : "flex flex-wrap gap-1.5"}
          aria-label={t("covens.card.tags")}
        >
          {coven.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/covens?tag=${encodeURIComponent(tag)}`}
                className="rounded-full bg-muted px-2 py-0.5 text-xs hover:bg-muted/70"
                dir="auto"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
