import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { pageMeta } from "#app/i18n/meta";
import { requireAdmin } from "#app/modules/auth/index.server";
import { recentAudit } from "#app/modules/audit/index.server";
import { adminStats } from "#app/modules/admin/index.server";
import { AuditTable } from "#app/modules/audit/components/audit-table";
import { numberFormat } from "#app/lib/intl";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const [stats, audit] = await Promise.all([adminStats(), recentAudit(10)]);
  return { stats, audit };
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const { stats, audit } = loaderData;
  const cards = [
    { label: t("admin.stats.members"), value: stats.members },
    { label: t("admin.stats.paying"), value: stats.paying },
    { label: t("admin.stats.granted"), value: stats.granted },
    { label: t("admin.stats.lifetime"), value: stats.lifetime },
    { label: t("admin.stats.admins"), value: stats.admins },
    { label: t("admin.stats.pages"), value: stats.pages },
  ];
  const billingLinks = [
    { to: "/admin/billing", label: t("nav.billing"), text: t("admin.billing.linkText") },
    {
      to: "/admin/subscriptions",
      label: t("nav.subscriptions"),
      text: t("admin.subscriptions.linkText"),
    },
    {
      to: "/admin/transactions",
      label: t("nav.transactions"),
      text: t("admin.transactions.linkText"),
    },
    { to: "/admin/payments", label: t("nav.paymentEvents"), text: t("admin.payments.linkText") },
  ];
  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.overview")}</h2>
      <p className="mt-1 text-muted-foreground">{t("admin.overviewText")}</p>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="admin-stats">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl border border-border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{c.label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{number.format(c.value)}</dd>
          </div>
        ))}
      </dl>
      <section className="mt-8" aria-labelledby="admin-billing-links">
        <h3 id="admin-billing-links" className="text-lg font-semibold">
          {t("admin.billing.section")}
        </h3>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {billingLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block h-full rounded-xl border border-border bg-card p-4 hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="font-medium">{link.label}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{link.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-8">
        <h3 className="text-lg font-semibold">{t("admin.recentActivity")}</h3>
        <AuditTable entries={audit} empty={t("admin.noActivity")} />
      </section>
    </div>
  );
}
