import { data, redirect } from "react-router";
import type { Route } from "./+types/edit";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { pageMeta } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/react";
import { useActionToast } from "#app/hooks/use-action-toast";
import { actionError, failureOf, readForm, validateForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { requireUser } from "#app/modules/auth/index.server";
import { now } from "#app/modules/coven-events";
import {
  eventForEdit,
  eventRefusalAnswer,
  EventRefusedError,
  moonChoices,
  refusalStatus,
  timeZoneChoices,
  updateEvent,
  uploadedCover,
} from "#app/modules/coven-events/index.server";
import { EventForm } from "#app/modules/coven-events/components/event-form";
import { editEventSchema, storedEventValues } from "#app/modules/coven-events/validation";

export const handle = {
  texts: ["events", "discussions"],
  // The event's title for its own address, then this page's name.
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded ? [loaded.title, t("events.form.editTitle")] : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "events.form.editTitle", { noindex: true });

/** The event for its hosts (policy.ts `canManageEvent`): 404 for those who may not see it, else 403. */
async function hostedEvent(request: Request, url: URL, rawId: string | undefined) {
  const id = idParam(rawId);
  const viewer = await requireUser({ request, url });
  try {
    return { viewer, event: await eventForEdit(viewer.actor, id) };
  } catch (error) {
    if (error instanceof EventRefusedError) throw data(null, { status: refusalStatus(error) });
    throw error;
  }
}

/** `/covens/events/:id/edit`: the event form filled in, the host fixed. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const { event } = await hostedEvent(request, url, params.id);
  return {
    id: event.id,
    title: event.title,
    hostName: event.coven?.name ?? null,
    hasCover: event.coverUrl !== null,
    values: storedEventValues(event),
    zones: timeZoneChoices(),
    moons: moonChoices(now()),
  };
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const { viewer, event } = await hostedEvent(request, url, params.id);
  const form = await readForm(request);
  const parsed = validateForm(form, editEventSchema(event.coven !== null));
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  const { input, removeCover } = parsed.data;
  const cover = await uploadedCover(form);
  if ("error" in cover) return actionError({ fieldErrors: { cover: cover.error }, values });
  const coverUrl = cover.url ?? (removeCover ? null : event.coverUrl);
  try {
    await updateEvent(viewer.actor, event.id, { ...input, coverUrl });
  } catch (error) {
    if (error instanceof EventRefusedError) return eventRefusalAnswer(error, values);
    throw error;
  }
  throw redirect(`/covens/events/${event.id}`);
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("events.form.editTitle")}</h1>
      <p className="mt-1 break-words text-muted-foreground" dir="auto">
        {loaderData.title}
      </p>
      <div className="mt-6">
        <EventForm
          values={failure?.values ?? loaderData.values}
          errors={failure?.fieldErrors ?? {}}
          zones={loaderData.zones}
          moons={loaderData.moons}
          hostName={loaderData.hostName}
          hasCover={loaderData.hasCover}
          submitLabel={t("events.form.save")}
        />
      </div>
    </div>
  );
}
