import { Archive } from "lucide-react";
import { Link } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { MessageKey } from "#app/i18n/i18n";
import { LANGUAGES } from "#app/i18n/locales";
import { useTranslation } from "#app/i18n/react";
import { cn } from "#app/lib/cn";
import { CovenBanner } from "#app/modules/covens/components/coven-banner";
import { CovenSummary } from "#app/modules/covens/components/coven-summary";
import { roleKey } from "#app/modules/covens/components/texts";
import type { CovenTab } from "#app/modules/covens/validation";
import { AboutTab } from "./coven-about";
import { EventsTab } from "./coven-events";
import { FeedTab } from "./coven-feed";
import { JoinControls } from "./coven-join";
import { MembersTab } from "./coven-members";
import { SettingsTab } from "./coven-settings";
import type { CovenAnswer, CovenLoaded } from "./coven-types";

const TAB_LABELS: Record<CovenTab, MessageKey> = {
  feed: "covens.page.tabFeed",
  events: "covens.page.tabEvents",
  about: "covens.page.tabAbout",
  members: "covens.page.tabMembers",
  settings: "covens.page.tabSettings",
};

/** A coven's page: its head (banner, name, facts, joining), the tabs the viewer may open, the tab. */
export function CovenPage({
  loaderData,
  actionData,
}: {
  loaderData: CovenLoaded;
  actionData: CovenAnswer;
}) {
  const { t } = useTranslation();
  const { coven, tab, can, viewer } = loaderData;
  useActionToast(actionData);
  const base = `/covens/${encodeURIComponent(coven.slug)}`;
  const shown: Record<CovenTab, boolean> = {
    feed: can.readFeed,
    events: true,
    about: true,
    members: can.seeMembers,
    settings: can.lead,
  };
  // The tab the page opens on without `?tab=` is linked by the bare address.
  const home: CovenTab = can.readFeed ? "feed" : "about";
  const languageName = LANGUAGES.find((l) => l.code === coven.language)?.nativeName;
  const extra = [
    ...(languageName
      ? [
          <span key="language" lang={coven.language}>
            {languageName}
          </span>,
        ]
      : []),
    ...(viewer.role
      ? [<span key="role">{t("covens.page.yourRole", { role: t(roleKey(viewer.role)) })}</span>]
      : []),
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <div className="overflow-hidden rounded-xl border border-border bg-card">
        <CovenBanner src={coven.bannerUrl} className="h-32 sm:h-44" />
        <div className="flex flex-wrap items-start justify-between gap-4 p-5">
          <div className="min-w-0">
            <CovenSummary coven={coven} variant="page" extra={extra} />
          </div>
          <JoinControls loaderData={loaderData} actionData={actionData} />
        </div>
        {coven.archived ? (
          <p className="border-t border-border bg-muted/60 px-5 py-3 text-sm" role="status">
            <Archive className="me-2 inline size-4" aria-hidden="true" />
            {t("covens.page.archivedNotice")}
          </p>
        ) : null}
      </div>

      <nav className="mt-6 border-b border-border" aria-label={t("covens.page.tabsLabel")}>
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {(Object.keys(TAB_LABELS) as CovenTab[])
            .filter((key) => shown[key])
            .map((key) => (
              <li key={key}>
                <Link
                  to={key === home ? base : `${base}?tab=${key}`}
                  aria-current={tab === key ? "page" : undefined}
                  className={cn(
                    "inline-block border-b-2 px-4 py-2 text-sm whitespace-nowrap",
                    tab === key
                      ? "border-primary font-medium text-foreground"
                      : "border-transparent text-muted-foreground hover:text-foreground",
                  )}
                >
                  {t(TAB_LABELS[key])}
                </Link>
              </li>
            ))}
        </ul>
      </nav>

      <div className="mt-6">
        {tab === "feed" ? <FeedTab loaderData={loaderData} actionData={actionData} /> : null}
        {tab === "events" ? <EventsTab loaderData={loaderData} /> : null}
        {tab === "about" ? <AboutTab loaderData={loaderData} /> : null}
        {tab === "members" ? <MembersTab loaderData={loaderData} /> : null}
        {tab === "settings" ? (
          <SettingsTab loaderData={loaderData} actionData={actionData} />
        ) : null}
      </div>
    </div>
  );
}
