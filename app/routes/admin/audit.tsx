import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/audit";
import { pageMeta } from "#app/i18n/meta";
import { requireAdmin } from "#app/modules/auth/index.server";
import { recentAudit } from "#app/modules/audit/index.server";
import { AuditTable } from "#app/modules/audit/components/audit-table";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.audit.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { audit: await recentAudit(200) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.audit.title")}</h2>
      <AuditTable entries={loaderData.audit} empty={t("admin.audit.empty")} />
    </div>
  );
}
