import { useTranslation } from "#app/i18n/react";
import { dateTimeFormat } from "#app/lib/intl";
import type { AuditEntry } from "../types";

function describe(details: Record<string, unknown>): string {
  if ("from" in details && "to" in details)
    return `${String(details.from ?? "—")} → ${String(details.to ?? "—")}`;
  return Object.entries(details)
    .map(([key, value]) => {
      if (value && typeof value === "object" && "from" in value && "to" in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${String(change.from ?? "—")} → ${String(change.to ?? "—")}`;
      }
      return `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`;
    })
    .join("; ");
}

export function AuditTable({ entries, empty }: { entries: AuditEntry[]; empty: string }) {
  const { t, i18n } = useTranslation();
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  if (entries.length === 0) return <p className="mt-3 text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-sm">
        <thead className="bg-muted text-start">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("admin.audit.when")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("admin.audit.who")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("admin.audit.action")}
            </th>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("admin.audit.details")}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-t border-border align-top">
              <td className="px-3 py-2 whitespace-nowrap">{when.format(new Date(e.createdAt))}</td>
              <td className="px-3 py-2">{e.actorName ?? t("admin.audit.system")}</td>
              <td className="px-3 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-3 py-2 break-all">{describe(e.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
