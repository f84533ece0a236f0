import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/observatory";
import { pageMeta } from "#app/i18n/meta";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { requireAdmin } from "#app/modules/auth/index.server";
import { observatory } from "#app/modules/analytics/index.server";
import { formatMoney } from "#app/modules/memberships";
import { useRealtimeEvent } from "#app/modules/realtime/components/use-realtime-event";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.observatory.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { state: await observatory() };
}

/** Reloads the figures at most every 2 s while events arrive, and every 30 s for "online now". */
function useLiveRevalidation() {
  const revalidator = useRevalidator();
  const pending = useRef<number | null>(null);
  const refresh = () => {
    if (pending.current !== null) return;
    pending.current = window.setTimeout(() => {
      pending.current = null;
      void revalidator.revalidate();
    }, 2000);
  };
  useRealtimeEvent("analytics", refresh);
  useRealtimeEvent("signup", refresh);
  useRealtimeEvent("sale", refresh);
  useEffect(() => {
    const every = window.setInterval(() => void revalidator.revalidate(), 30_000);
    return () => {
      window.clearInterval(every);
      if (pending.current !== null) window.clearTimeout(pending.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function Panel({
  title,
  headers,
  rows,
  testId,
}: {
  title: string;
  headers: string[];
  rows: Array<{ key: string; cells: string[] }>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="min-w-0 rounded-xl border border-border bg-card p-4" data-testid={testId}>
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("admin.observatory.none")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-start text-muted-foreground">
                {headers.map((h) => (
                  <th key={h} scope="col" className="py-1 pe-3 text-start font-medium">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-border">
                  {row.cells.map((cell, i) => (
                    <td key={i} className="py-1 pe-3 break-all">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function AdminObservatory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useLiveRevalidation();
  const { state } = loaderData;
  const time = dateTimeFormat(i18n.language, { timeStyle: "medium" });
  const when = (at: string) => time.format(new Date(at));
  const number = numberFormat(i18n.language);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-semibold" data-testid="admin-screen-title">
          {t("admin.observatory.title")}
        </h2>
        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">
          {t("admin.observatory.live")}
        </span>
      </div>
      <p className="mt-1 text-muted-foreground">{t("admin.observatory.text")}</p>
      <p className="mt-4 rounded-xl border border-border bg-card p-4" aria-live="polite">
        <span className="text-sm text-muted-foreground">{t("admin.observatory.onlineNow")}</span>{" "}
        <strong className="text-2xl" data-testid="online-now">
          {number.format(state.onlineNow)}
        </strong>
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel
          testId="latest-views"
          title={t("admin.observatory.latestViews")}
          headers={[
            t("admin.observatory.when"),
            t("admin.observatory.path"),
            t("admin.observatory.who"),
            t("admin.analytics.device"),
          ]}
          rows={state.views.map((v, i) => ({
            key: `${v.at}-${i}`,
            cells: [
              when(v.at),
              v.path,
              v.member ? t("admin.observatory.member") : t("admin.observatory.guest"),
              t(textKey(`admin.analytics.deviceNames.${v.device}`)),
            ],
          }))}
        />
        <Panel
          testId="latest-signups"
          title={t("admin.observatory.signUps")}
          headers={[t("admin.observatory.when"), t("admin.observatory.who")]}
          rows={state.signUps.map((s, i) => ({
            key: `${s.at}-${i}`,
            cells: [when(s.at), s.member],
          }))}
        />
        <Panel
          testId="latest-purchases"
          title={t("admin.observatory.purchases")}
          headers={[
            t("admin.observatory.when"),
            t("admin.observatory.who"),
            t("admin.observatory.amount"),
          ]}
          rows={state.purchases.map((p, i) => ({
            key: `${p.at}-${i}`,
            cells: [when(p.at), p.member, formatMoney(p.amount, p.currency, i18n.language)],
          }))}
        />
        <Panel
          testId="latest-crawlers"
          title={t("admin.observatory.crawlers")}
          headers={[
            t("admin.observatory.when"),
            t("admin.observatory.path"),
            t("admin.observatory.agent"),
          ]}
          rows={state.crawlers.map((c, i) => ({
            key: `${c.at}-${i}`,
            cells: [when(c.at), c.path, c.userAgent],
          }))}
        />
      </div>
    </div>
  );
}
