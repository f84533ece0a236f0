import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/import-job";
import { pageMeta } from "#app/i18n/meta";
import { idParam } from "#app/lib/ids";
import { dateTimeFormat } from "#app/lib/intl";
import { Progress } from "#app/components/ui/progress";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { requireAdmin } from "#app/modules/auth/index.server";
import { importJob } from "#app/modules/member-import/index.server";

// The file's name names its part of the trail (its id is left out).
export const handle = breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) =>
  loaded ? loaded.job.fileName : null,
);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.import.jobTitle", { noindex: true });

/** How often the page asks for the job's progress while it runs. */
const POLL_MS = 1000;

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const job = await importJob(idParam(params.id));
  if (!job) throw new Response("Not found", { status: 404 });
  return { job };
}

export default function AdminImportJob({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { job } = loaderData;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (job.isComplete) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [job.isComplete, revalidator]);
  const number = new Intl.NumberFormat(i18n.language);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const percent = job.totalRows > 0 ? Math.floor((job.totalProcessed / job.totalRows) * 100) : 100;
  const figures = [
    [t("admin.import.figures.rows"), job.totalRows],
    [t("admin.import.figures.processed"), job.totalProcessed],
    [t("admin.import.figures.created"), job.created],
    [t("admin.import.figures.updated"), job.updated],
    [t("admin.import.figures.failed"), job.totalFailed],
  ] as const;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/import" className="text-sm text-muted-foreground underline">
          {t("admin.import.back")}
        </Link>
        <h2 className="mt-2 text-2xl font-semibold break-all">
          {t("admin.import.jobHeading", { file: job.fileName })}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {t("admin.import.startedBy", {
            date: date.format(new Date(job.createdAt)),
            name: job.createdByName ?? t("admin.import.someone"),
          })}
        </p>
      </div>
      <section
        aria-labelledby="import-progress"
        className="space-y-3 rounded-xl border border-border bg-card p-4"
      >
        <div className="flex items-baseline justify-between gap-2">
          <h3 id="import-progress" className="font-semibold">
            {t("admin.import.progress")}
          </h3>
          <p role="status" className="text-sm" data-testid="import-status">
            {job.isComplete ? t("admin.import.complete") : t("admin.import.running")}
          </p>
        </div>
        <Progress
          value={job.totalProcessed}
          max={job.totalRows}
          aria-labelledby="import-progress"
          valueText={t("admin.import.percent", { percent })}
        />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{number.format(value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {job.totalFailed > 0 ? (
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">{t("admin.import.reportText")}</p>
          <a
            href={`/admin/import/${job.id}/errors.csv`}
            download
            className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
          >
            {t("admin.import.downloadReport")}
          </a>
        </div>
      ) : job.isComplete ? (
        <p className="text-sm text-muted-foreground">{t("admin.import.noErrors")}</p>
      ) : null}
    </div>
  );
}
