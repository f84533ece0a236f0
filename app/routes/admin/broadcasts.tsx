import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/broadcasts";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { useActionToast } from "#app/hooks/use-action-toast";
import { Button } from "#app/components/ui/button";
import { Pagination } from "#app/components/ui/pagination";
import { parseForm } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  covenChoices,
  createBroadcast,
  listBroadcasts,
} from "#app/modules/broadcasts/index.server";
import { composeSchema } from "#app/modules/broadcasts/validation";
import { ComposeFields, composeValues } from "#app/modules/broadcasts/components/compose-fields";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.broadcast.title", { noindex: true });

/** The broadcasts, newest first, with their status and figures, and the form of a new one. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const [list, covens] = await Promise.all([
    listBroadcasts(pageNumber(url.searchParams.get("page"))),
    covenChoices(),
  ]);
  return {
    broadcasts: list.rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    page: list.page,
    pageCount: list.pageCount,
    covens,
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, composeSchema);
  if (!parsed.ok) return parsed.response;
  const id = await createBroadcast(viewer.user.id, parsed.data);
  throw redirect(`/admin/broadcast/${id}`);
}

export default function AdminBroadcasts({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const busy = useNavigation().state === "submitting";
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.broadcast.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.broadcast.text")}</p>
      </div>
      <section aria-labelledby="broadcast-list" className="space-y-3">
        <h3 id="broadcast-list" className="text-lg font-semibold">
          {t("admin.broadcast.list")}
        </h3>
        {loaderData.broadcasts.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {t("admin.broadcast.empty")}
          </p>
        ) : (
          <ul className="space-y-2">
            {loaderData.broadcasts.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border border-border bg-card px-4 py-3"
                data-testid="broadcast-row"
              >
                <Link
                  to={`/admin/broadcast/${item.id}`}
                  className="min-w-0 flex-1 font-medium break-words hover:underline"
                  dir="auto"
                >
                  {item.subject}
                </Link>
                <span className="rounded bg-muted px-2 py-0.5 text-xs">
                  {t(textKey(`admin.broadcast.status.${item.status}`))}
                </span>
                <span className="text-sm text-muted-foreground">
                  {t("admin.broadcast.progressText", {
                    done: item.delivered,
                    total: item.recipients,
                  })}
                </span>
                <span className="text-sm text-muted-foreground">
                  {date.format(new Date(item.sentAt ?? item.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
      </section>
      <section aria-labelledby="broadcast-new" className="rounded-xl border border-border p-4">
        <h3 id="broadcast-new" className="mb-4 text-lg font-semibold">
          {t("admin.broadcast.new")}
        </h3>
        <Form method="post" noValidate className="space-y-4">
          <ComposeFields
            values={composeValues(undefined, failure?.values)}
            errors={failure?.fieldErrors ?? {}}
            covens={loaderData.covens}
          />
          <Button type="submit" disabled={busy}>
            {t("admin.broadcast.saveDraft")}
          </Button>
        </Form>
      </section>
    </div>
  );
}
