import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/content-indexer";
import { IntentButton } from "#app/components/ui/intent-button";
import { Progress } from "#app/components/ui/progress";
import { useActionToast } from "#app/hooks/use-action-toast";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { dateTimeFormat } from "#app/lib/intl";
import { actionOk, parseForm } from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import { indexStatus, startRebuild } from "#app/modules/knowledge/index.server";
import { indexerActionSchema } from "#app/modules/knowledge/validation";

export const handle = { texts: ["admin"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.contentIndexer.title", { noindex: true });

/** How often the screen asks again while a rebuild waits or runs. */
const POLL_MS = 2000;

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { sources, run } = await indexStatus();
  return {
    sources: sources.map((s) => ({ ...s, lastUpdate: s.lastUpdate?.toISOString() ?? null })),
    run: run
      ? {
          status: run.status,
          total: run.total,
          done: run.done,
          chunks: run.chunks,
          errors: run.errors,
          createdAt: run.createdAt.toISOString(),
          finishedAt: run.finishedAt?.toISOString() ?? null,
        }
      : null,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, indexerActionSchema);
  if (!parsed.ok) return parsed.response;
  await startRebuild(viewer.actor.id);
  return actionOk({ toast: { key: "admin.contentIndexer.rebuildStarted" } });
}

export default function ContentIndexer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const { sources, run } = loaderData;
  const active = run?.status === "queued" || run?.status === "running";
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.contentIndexer.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.contentIndexer.text")}</p>
      </div>
      <div className="overflow-x-auto rounded-xl border border-border">
        <table className="w-full text-sm" data-testid="indexer-sources">
          <thead className="bg-muted/50 text-start">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.contentIndexer.source")}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t("admin.contentIndexer.documents")}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t("admin.contentIndexer.chunks")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.contentIndexer.lastUpdate")}
              </th>
            </tr>
          </thead>
          <tbody>
            {sources.map((s) => (
              <tr key={s.kind} className="border-t border-border">
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  {t(textKey(`admin.contentIndexer.sources.${s.kind}`))}
                </th>
                <td className="px-3 py-2 text-end tabular-nums">{number.format(s.documents)}</td>
                <td className="px-3 py-2 text-end tabular-nums">{number.format(s.chunks)}</td>
                <td className="px-3 py-2">
                  {s.lastUpdate ? (
                    <time dateTime={s.lastUpdate}>{date.format(new Date(s.lastUpdate))}</time>
                  ) : (
                    t("admin.contentIndexer.never")
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section
        aria-labelledby="indexer-run"
        className="space-y-3 rounded-xl border border-border p-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="indexer-run" className="text-lg font-semibold">
            {t("admin.contentIndexer.lastRun")}
          </h3>
          <IntentButton intent="rebuild" variant="default">
            {t("admin.contentIndexer.rebuild")}
          </IntentButton>
        </div>
        {run ? (
          <div className="space-y-2" data-testid="indexer-run" data-status={run.status}>
            <p className="text-sm">
              {t(textKey(`admin.contentIndexer.status.${run.status}`))} ·{" "}
              <time dateTime={run.createdAt}>{date.format(new Date(run.createdAt))}</time>
            </p>
            <Progress
              value={run.done}
              max={Math.max(run.total, 1)}
              aria-label={t("admin.contentIndexer.progressLabel")}
              valueText={t("admin.contentIndexer.progress", { done: run.done, total: run.total })}
            />
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t("admin.contentIndexer.progress", { done: run.done, total: run.total })}
            </p>
            <h4 className="pt-2 font-medium">{t("admin.contentIndexer.errors")}</h4>
            {run.errors.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("admin.contentIndexer.noErrors")}</p>
            ) : (
              <ul className="space-y-1 text-sm text-destructive" data-testid="indexer-errors">
                {run.errors.map((e, i) => (
                  <li key={i} dir="auto">
                    {e.source} {e.id}: {e.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("admin.contentIndexer.noRun")}</p>
        )}
      </section>
    </div>
  );
}
