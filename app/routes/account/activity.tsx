import { Form, Link, useNavigation } from "react-router";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { Route } from "./+types/activity";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { Button } from "#app/components/ui/button";
import { useActionToast } from "#app/hooks/use-action-toast";
import { actionOk, parseForm } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { requireUser } from "#app/modules/auth/index.server";
import { activityOf, deleteActivity } from "#app/modules/analytics/index.server";
import type { ActivityEntry } from "#app/modules/analytics";
import { activityActionSchema } from "#app/modules/analytics/validation";

export const handle = { texts: ["account"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "settings.activity.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const raw = url.searchParams.get("before");
  const before = raw && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(raw) ? new Date(raw) : null;
  return activityOf(viewer.user.id, before && !Number.isNaN(before.getTime()) ? before : null);
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const parsed = await parseForm(request, activityActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const deleted = await deleteActivity(
    viewer.user.id,
    parsed.data.intent === "delete" ? parsed.data.id : undefined,
  );
  return actionOk({ toast: { key: "settings.activity.deleted", params: { count: deleted } } });
}

function describe(entry: ActivityEntry, t: ReturnType<typeof useTranslation>["t"]): string {
  switch (entry.type) {
    case "page_view":
      return entry.data.path;
    case "search":
      return entry.data.term;
    case "post":
      return entry.data.title;
    case "comment":
      return entry.data.postTitle;
    case "purchase":
      return `${(entry.data.amount / 100).toFixed(2)} ${entry.data.currency}`;
    default:
      return t("settings.activity.other");
  }
}

export default function Activity({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state === "submitting";
  useActionToast(actionData);
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const { entries, next } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("settings.activity.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("settings.activity.text")}</p>
      {entries.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("settings.activity.empty")}</p>
      ) : (
        <>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="delete-all" />
            <Button type="submit" variant="outline" disabled={busy}>
              {t("settings.activity.deleteAll")}
            </Button>
          </Form>
          <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="flex items-center gap-3 px-4 py-3"
                data-testid="activity"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">
                    {t(textKey(`settings.activity.types.${entry.type}`))}
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {describe(entry, t)} · {date.format(new Date(entry.at))}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={entry.id} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                    {t("settings.activity.delete")}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          {next ? (
            <Link
              to={`?before=${encodeURIComponent(next)}`}
              className="mt-4 inline-block text-sm underline"
            >
              {t("settings.activity.older")}
            </Link>
          ) : null}
        </>
      )}
    </div>
  );
}
