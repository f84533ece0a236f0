import { rankTextKey } from "#app/modules/profiles";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "#app/i18n/react";
import { IsolatedText } from "#app/components/isolated-text";
import { isolate } from "#app/lib/bidi";
import { cn } from "#app/lib/cn";
import { dateTimeFormat } from "#app/lib/intl";
import type { ResultDetails as Details } from "../types";

/**
 * A result's details under its title: "by {author} · in {category} · Posted {date}" for a post,
 * "{rank} · Joined {date}" for a member, "Active {date}" for a coven, "hosted by {coven} · Starts
 * {date}" for an event, "Updated {date}" for a page. Names and titles members
 * wrote keep their own direction (<bdi>); the date is in the reader's language.
 */
export function ResultDetails({ details, className }: { details: Details; className?: string }) {
  const { t, i18n } = useTranslation();
  const parts: Array<{ key: string; node: ReactNode }> = [];
  if (details.author)
    parts.push({
      key: "author",
      node: <IsolatedText text={t("search.details.author", { name: isolate(details.author) })} />,
    });
  if (details.category)
    parts.push({
      key: "category",
      node: (
        <IsolatedText
          text={t("search.details.category", { category: isolate(details.category) })}
        />
      ),
    });
  if (details.host)
    parts.push({
      key: "host",
      node: <IsolatedText text={t("search.details.host", { name: isolate(details.host) })} />,
    });
  if (details.rank) parts.push({ key: "rank", node: t(rankTextKey(details.rank)) });
  if (details.date) {
    // An event's start needs its time too; the other dates are days.
    const date = dateTimeFormat(
      i18n.language,
      details.date.meaning === "starts" || details.date.meaning === "recurring"
        ? { dateStyle: "medium", timeStyle: "short" }
        : { dateStyle: "medium" },
    ).format(new Date(details.date.at));
    parts.push({
      key: "date",
      node: (
        // The server's and the browser's time zones may fall on different days near midnight.
        <time dateTime={details.date.at} suppressHydrationWarning>
          {t(`search.details.${details.date.meaning}`, { date })}
        </time>
      ),
    });
  }
  if (parts.length === 0) return null;
  return (
    <span
      className={cn("block text-xs text-muted-foreground", className)}
      data-testid="result-details"
    >
      {parts.map((part, i) => (
        <Fragment key={part.key}>
          {i > 0 ? <span aria-hidden="true"> · </span> : null}
          <span>{part.node}</span>
        </Fragment>
      ))}
    </span>
  );
}
