import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/outbox";
import { pageMeta } from "#app/i18n/meta";
import { requireAdmin } from "#app/modules/auth/index.server";
import { recentEmails } from "#app/modules/email/index.server";
import { dateTimeFormat } from "#app/lib/intl";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.outbox.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const emails = await recentEmails(50);
  return { emails: emails.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })) };
}

export default function AdminOutbox({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div>
      <h2 className="text-2xl font-semibold">{t("admin.outbox.title")}</h2>
      <p className="mt-1 text-muted-foreground">{t("admin.outbox.text")}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t("admin.outbox.secretsHidden")}</p>
      {loaderData.emails.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("admin.outbox.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {loaderData.emails.map((email) => (
            <li
              key={email.id}
              className="rounded-xl border border-border bg-card"
              data-testid="outbox-email"
            >
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                  <span className="font-medium">{email.subject}</span>
                  <span className="text-sm text-muted-foreground">
                    {t("admin.outbox.to")}: {email.toAddress}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {date.format(new Date(email.createdAt))}
                  </span>
                  <span className="text-xs rounded bg-muted px-2 py-0.5">
                    {t(textKey(`admin.outbox.statuses.${email.status}`))}
                  </span>
                </summary>
                <pre className="overflow-x-auto border-t border-border px-4 py-3 text-sm whitespace-pre-wrap">
                  {email.textBody}
                </pre>
                {email.error ? (
                  <p className="px-4 pb-3 text-sm text-destructive">{email.error}</p>
                ) : null}
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
