import { ChevronDown } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/payments";
import { pageMeta } from "#app/i18n/meta";
import { requireAdmin } from "#app/modules/auth/index.server";
import { listPaymentEvents } from "#app/modules/admin/index.server";
import { pageSchema } from "#app/modules/admin/billing-validation";
import {
  EmptyState,
  EventStatusBadge,
  useListLoading,
  useProviderLabel,
} from "#app/modules/admin/components/billing-ui";
import { Pagination } from "#app/components/ui/pagination";
import { dateTimeFormat } from "#app/lib/intl";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.payments.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = pageSchema.parse(url.searchParams.get("page") ?? undefined);
  return listPaymentEvents({ page });
}

export default function AdminPaymentEvents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { rows, total, page, pageCount } = loaderData;
  const providerLabel = useProviderLabel();
  const loading = useListLoading();
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "medium" });

  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.payments.title")}</h2>
      <p className="mt-1 text-muted-foreground">{t("admin.payments.text")}</p>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {loading ? t("common.loading") : t("admin.payments.total", { count: total })}
      </p>
      {rows.length === 0 ? (
        <EmptyState>{t("admin.payments.empty")}</EmptyState>
      ) : (
        <ul
          className={`mt-2 space-y-3 ${loading ? "opacity-60" : ""}`}
          aria-busy={loading || undefined}
        >
          {rows.map((row) => (
            <li
              key={row.id}
              className="min-w-0 rounded-xl border border-border bg-card p-4"
              data-testid="payment-event"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h3 className="min-w-0 font-mono text-sm font-semibold break-all">
                  <bdi>{row.type}</bdi>
                </h3>
                <EventStatusBadge status={row.status} />
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-[max-content_max-content_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1.4fr)]">
                <div>
                  <dt className="text-xs text-muted-foreground">{t("admin.payments.received")}</dt>
                  <dd>
                    <time dateTime={new Date(row.receivedAt).toISOString()}>
                      {when.format(new Date(row.receivedAt))}
                    </time>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted-foreground">{t("admin.payments.provider")}</dt>
                  <dd>{providerLabel(row.provider)}</dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-muted-foreground">{t("admin.payments.eventId")}</dt>
                  <dd className="font-mono text-xs leading-5 break-all">
                    <bdi>{row.eventId}</bdi>
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-muted-foreground">{t("admin.payments.member")}</dt>
                  <dd>
                    {row.slug ? (
                      <Link to={`/profile/${row.slug}`} className="hover:underline">
                        {row.displayName}
                      </Link>
                    ) : (
                      "—"
                    )}
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-xs text-muted-foreground">{t("admin.payments.result")}</dt>
                  <dd>{row.result || "—"}</dd>
                </div>
              </dl>
              {/* A native toggle: keyboard-usable and working without JavaScript. */}
              <details className="group mt-3">
                <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
                  <ChevronDown
                    className="size-4 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                  <span className="group-open:hidden">{t("admin.payments.showDetails")}</span>
                  <span className="hidden group-open:inline">
                    {t("admin.payments.hideDetails")}
                  </span>
                </summary>
                <p className="mt-2 text-xs text-muted-foreground">
                  {t("admin.payments.occurred", { date: when.format(new Date(row.occurredAt)) })}
                </p>
                {/* The provider's payload as text: React escapes it, so nothing in it is ever markup. */}
                <pre
                  className="mt-2 max-h-96 overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs"
                  dir="ltr"
                  data-testid="event-payload"
                >
                  {JSON.stringify(row.payload, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
