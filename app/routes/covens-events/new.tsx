import { data, redirect } from "react-router";
import type { Route } from "./+types/new";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { useActionToast } from "#app/hooks/use-action-toast";
import { actionError, failureOf, readForm, validateForm } from "#app/lib/form";
import { requireUser } from "#app/modules/auth/index.server";
import { now, useViewerZone, viewerZone } from "#app/modules/coven-events";
import {
  createEvent,
  eventRefusalAnswer,
  EventRefusedError,
  hostChoices,
  moonChoices,
  timeZoneChoices,
  uploadedCover,
} from "#app/modules/coven-events/index.server";
import { EventForm } from "#app/modules/coven-events/components/event-form";
import { newEventSchema, newEventValues } from "#app/modules/coven-events/validation";

export const handle = {
  texts: ["events", "discussions"],
  ...breadcrumbHandle((_loaded, t) => t("events.form.newTitle")),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "events.form.newTitle", { noindex: true });

/**
 * `/covens/events/new` (`?coven=<slug>` preselects that coven as host): for those policy.ts lets
 * host somewhere — a coven's leaders, the admins (site-wide or any coven); everyone else 403.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const covenSlug = url.searchParams.get("coven") ?? undefined;
  const hosts = await hostChoices(viewer.actor, covenSlug);
  if (!hosts.siteWide && hosts.covens.length === 0) throw data(null, { status: 403 });
  const timeZone = viewerZone(request.headers.get("cookie"));
  const preselected = hosts.covens.find((coven) => coven.slug === covenSlug) ?? hosts.covens[0];
  return {
    hosts: {
      siteWide: hosts.siteWide,
      covens: hosts.covens.map(({ id, name }) => ({ id, name })),
    },
    values: newEventValues(timeZone, now(), preselected?.id ?? "site"),
    zones: timeZoneChoices(),
    timeZone,
    moons: moonChoices(now()),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const form = await readForm(request);
  const parsed = validateForm(form, newEventSchema);
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  const { input, covenId } = parsed.data;
  const cover = await uploadedCover(form);
  if ("error" in cover) return actionError({ fieldErrors: { cover: cover.error }, values });
  let created: { id: string };
  try {
    created = await createEvent(viewer.actor, covenId, { ...input, coverUrl: cover.url });
  } catch (error) {
    if (error instanceof EventRefusedError) return eventRefusalAnswer(error, values);
    throw error;
  }
  throw redirect(`/covens/events/${created.id}`);
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  useViewerZone(loaderData.timeZone);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("events.form.newTitle")}</h1>
      <p className="mt-1 text-muted-foreground">{t("events.form.newIntro")}</p>
      <div className="mt-6">
        <EventForm
          values={failure?.values ?? loaderData.values}
          errors={failure?.fieldErrors ?? {}}
          zones={loaderData.zones}
          moons={loaderData.moons}
          hosts={loaderData.hosts}
          hasCover={false}
          submitLabel={t("events.form.create")}
        />
      </div>
    </div>
  );
}
