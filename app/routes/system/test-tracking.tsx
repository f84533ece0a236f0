import type { Route } from "./+types/test-tracking";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { relativeTime } from "#app/lib/relative-time";
import { requireAdmin } from "#app/modules/auth/index.server";
import { ownTracking } from "#app/modules/experiments/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["admin"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.abTests.tracking.title", { noindex: true });

/** SPEC §2 /test-tracking (admins): the viewer's own A/B assignments and latest events. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const { assignments, events } = await ownTracking(request);
  return {
    assignments: assignments.map((a) => ({ ...a, assignedAt: a.assignedAt.toISOString() })),
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
  };
}

export default function TestTracking({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <h1 className="text-2xl font-semibold">{t("admin.abTests.tracking.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("admin.abTests.tracking.text")}</p>
      <h2 className="mt-6 text-lg font-semibold">{t("admin.abTests.tracking.assignments")}</h2>
      {loaderData.assignments.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{t("admin.abTests.tracking.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border rounded-xl border border-border">
          {loaderData.assignments.map((a) => (
            <li key={a.testId} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
              <code>{a.testId}</code>
              <span>
                {t("admin.abTests.variant")} <strong>{a.variant}</strong> ·{" "}
                {relativeTime(a.assignedAt, t, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-6 text-lg font-semibold">{t("admin.abTests.tracking.events")}</h2>
      {loaderData.events.length === 0 ? (
        <p className="mt-2 text-muted-foreground">{t("admin.abTests.tracking.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-border rounded-xl border border-border">
          {loaderData.events.map((e, i) => (
            <li
              key={`${e.testId}-${e.createdAt}-${i}`}
              className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm"
            >
              <code>{e.testId}</code>
              <span>
                {t(`admin.abTests.event.${e.eventType}`)} · {e.variant} ·{" "}
                {relativeTime(e.createdAt, t, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
