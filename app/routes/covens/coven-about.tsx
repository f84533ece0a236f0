import { Link } from "react-router";
import { RenderedMarkdown } from "#app/components/markdown";
import { Avatar } from "#app/components/ui/avatar";
import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import { roleKey } from "#app/modules/covens/components/texts";
import type { CovenLoaded } from "./coven-types";

/** The coven's description, when it was founded, and its leaders. */
export function AboutTab({ loaderData }: { loaderData: CovenLoaded }) {
  const { t, i18n } = useTranslation();
  const { coven, leaders } = loaderData;
  const date = dateTimeFormat(i18n.language, { dateStyle: "long" });
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_16rem]">
      <section aria-labelledby="about-title">
        <h2 id="about-title" className="sr-only">
          {t("covens.page.tabAbout")}
        </h2>
        {coven.descriptionHtml ? (
          <RenderedMarkdown html={coven.descriptionHtml} />
        ) : (
          <p className="text-muted-foreground">{t("covens.page.noDescription")}</p>
        )}
        <p className="mt-6 text-sm text-muted-foreground">
          {t("covens.page.founded", { date: date.format(new Date(coven.createdAt)) })}
        </p>
      </section>
      <section aria-labelledby="leaders-title">
        <h2 id="leaders-title" className="text-lg font-semibold">
          {t("covens.page.leaders")}
        </h2>
        <ul className="mt-3 space-y-2">
          {(leaders ?? []).map((leader) => (
            <li key={leader.userId}>
              <Link
                to={`/profile/${leader.slug}`}
                className="flex items-center gap-3 rounded-lg p-2 hover:bg-muted"
              >
                <Avatar src={leader.avatarUrl} name={leader.displayName} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate font-medium" dir="auto">
                    {leader.displayName}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(roleKey(leader.role))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
