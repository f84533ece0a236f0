import { Link, redirect, useNavigation } from "react-router";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/import";
import { pageMeta } from "#app/i18n/meta";
import { actionError, readForm } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { Pagination } from "#app/components/ui/pagination";
import { Progress } from "#app/components/ui/progress";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  ImportFileError,
  listImportJobs,
  startImport,
} from "#app/modules/member-import/index.server";
import { IMPORT_FIELDS, IMPORT_MAX_BYTES } from "#app/modules/member-import/validation";
import { ImportForm } from "#app/modules/member-import/components/import-form";
import { useActionToast } from "#app/hooks/use-action-toast";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.import.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return listImportJobs(pageNumber(url.searchParams.get("page")));
}

/** Stores the file's rows under a new pending job and opens its progress page. */
export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  const file = form.get("file");
  const refuse = (key: string, status = 400) => actionError({ fieldErrors: { file: key } }, status);
  if (!(file instanceof File) || file.size === 0) return refuse("admin.import.errors.noFile");
  if (file.size > IMPORT_MAX_BYTES) return refuse("admin.import.errors.tooLarge", 413);
  const fields = Object.fromEntries(
    IMPORT_FIELDS.map((field) => [field, form.get(`map.${field}`) ?? undefined]),
  );
  try {
    const id = await startImport({
      actorId: viewer.user.id,
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      fields,
    });
    return redirect(`/admin/import/${id}`);
  } catch (error) {
    if (error instanceof ImportFileError) return refuse(error.messageKey, error.status);
    throw error;
  }
}

export default function AdminImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const number = new Intl.NumberFormat(i18n.language);
  const { rows, page, pageCount } = loaderData;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.import.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.import.text")}</p>
      </div>
      <ImportForm
        error={actionData?.ok === false ? actionData.fieldErrors.file : undefined}
        busy={busy}
      />
      <section aria-labelledby="import-history" className="space-y-3">
        <h3 id="import-history" className="text-lg font-semibold">
          {t("admin.import.history")}
        </h3>
        {rows.length === 0 ? (
          <p className="text-muted-foreground">{t("admin.import.noImports")}</p>
        ) : (
          <ul className="space-y-3" data-testid="import-jobs">
            {rows.map((job) => (
              <li key={job.id} className="rounded-xl border border-border bg-card p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`/admin/import/${job.id}`} className="font-medium break-all underline">
                    {job.fileName}
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    {date.format(new Date(job.createdAt))}
                  </span>
                </div>
                <Progress
                  className="mt-3"
                  value={job.totalProcessed}
                  max={job.totalRows}
                  aria-label={t("admin.import.progressOf", { file: job.fileName })}
                  valueText={t("admin.import.processedOf", {
                    processed: number.format(job.totalProcessed),
                    total: number.format(job.totalRows),
                  })}
                />
                <p className="mt-2 text-sm text-muted-foreground">
                  {job.isComplete ? t("admin.import.complete") : t("admin.import.running")}
                  {" · "}
                  {t("admin.import.processedOf", {
                    processed: number.format(job.totalProcessed),
                    total: number.format(job.totalRows),
                  })}
                  {" · "}
                  {t("admin.import.failedCount", { formatted: number.format(job.totalFailed) })}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} />
      </section>
    </div>
  );
}
