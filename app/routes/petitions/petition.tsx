import { data, Link } from "react-router";
import type { Route } from "./+types/petition";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { idParam } from "#app/lib/ids";
import { dateTimeFormat } from "#app/lib/intl";
import { requireUser } from "#app/modules/auth/index.server";
import { petitionForViewer } from "#app/modules/petitions/index.server";
import { PetitionStatusBadge } from "#app/modules/petitions/components/status-badge";
import { PetitionTimeline } from "#app/modules/petitions/components/timeline";
import { formatDay } from "#app/modules/petitions/components/format-day";
import { PetitionPhotos } from "#app/modules/petitions/components/photos";

export const handle = {
  texts: ["petitions"],
  // The request's ritual names its part of the trail (its id is left out).
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) =>
    loaded ? loaded.petition.ritual : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "petitions.detail.title", { noindex: true });

/**
 * One ritual request and its timeline, for its owner and admins; anyone else gets a 404 (so a
 * request's existence is not given away). The admins' internal notes are never read here.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const id = idParam(params.id);
  const found = await petitionForViewer({ userId: viewer.user.id, isAdmin: viewer.isAdmin }, id);
  if (!found) throw data(null, { status: 404 });
  const { petition, history, photos } = found;
  return {
    petition: {
      id: petition.id,
      ritual: petition.ritual,
      intention: petition.intention,
      details: petition.details,
      names: petition.names,
      preferredDate: petition.preferredDate,
      status: petition.status,
      declineReason: petition.declineReason,
      scheduledFor: petition.scheduledFor,
      report: petition.report,
      createdAt: petition.createdAt.toISOString(),
    },
    history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    photos,
  };
}

export default function PetitionPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { petition, history, photos } = loaderData;
  const filed = dateTimeFormat(i18n.language, { dateStyle: "long" });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Link to="/request-ritual" className="text-sm text-primary hover:underline">
        {t("petitions.detail.back")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold break-words">{petition.ritual}</h1>
        <PetitionStatusBadge status={petition.status} />
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("petitions.mine.filed", { date: filed.format(new Date(petition.createdAt)) })}
      </p>
      <dl className="mt-6 grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-muted-foreground">
            {t("petitions.form.intention")}
          </dt>
          <dd className="mt-1 break-words" dir="auto">
            {petition.intention}
          </dd>
        </div>
        {petition.details ? (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-muted-foreground">
              {t("petitions.form.details")}
            </dt>
            <dd className="mt-1 break-words whitespace-pre-line" dir="auto">
              {petition.details}
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-sm font-medium text-muted-foreground">{t("petitions.form.names")}</dt>
          <dd className="mt-1 break-words" dir="auto">
            {petition.names || t("petitions.detail.none")}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted-foreground">
            {t("petitions.detail.preferredDate")}
          </dt>
          <dd className="mt-1">
            {petition.preferredDate
              ? formatDay(petition.preferredDate, i18n.language)
              : t("petitions.detail.anyDay")}
          </dd>
        </div>
      </dl>
      {petition.report ? (
        <section
          aria-labelledby="petition-report"
          className="mt-6 rounded-xl border border-border bg-card p-5"
        >
          <h2 id="petition-report" className="text-xl font-semibold">
            {t("petitions.detail.report")}
          </h2>
          <p className="mt-2 break-words whitespace-pre-line" dir="auto">
            {petition.report}
          </p>
          <PetitionPhotos photos={photos} />
        </section>
      ) : null}
      <section aria-labelledby="petition-timeline" className="mt-8">
        <h2 id="petition-timeline" className="text-xl font-semibold">
          {t("petitions.detail.timeline")}
        </h2>
        <div className="mt-4">
          <PetitionTimeline entries={history} />
        </div>
      </section>
    </div>
  );
}
