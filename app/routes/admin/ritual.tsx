import { data, Form, Link } from "react-router";
import type { Route } from "./+types/ritual";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { useActionToast } from "#app/hooks/use-action-toast";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { dateTimeFormat } from "#app/lib/intl";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  addPetitionNote,
  addPetitionPhoto,
  adminPetition,
  changePetition,
} from "#app/modules/petitions/index.server";
import {
  commandsFrom,
  PETITION_LIMITS,
  PETITION_PHOTOS_MAX,
  type PetitionCommand,
} from "#app/modules/petitions";
import {
  petitionCommandSchema,
  petitionNoteSchema,
  petitionPhotoSchema,
} from "#app/modules/petitions/validation";
import { MEDIA_PURPOSES } from "#app/modules/media";
import { ResumableUpload } from "#app/modules/media/components/resumable-upload";
import { PetitionPhotos } from "#app/modules/petitions/components/photos";
import { PetitionStatusBadge } from "#app/modules/petitions/components/status-badge";
import { PetitionTimeline } from "#app/modules/petitions/components/timeline";
import { formatDay } from "#app/modules/petitions/components/format-day";

export const handle = {
  texts: ["petitions", "media"],
  // The request's ritual names its part of the trail (its id is left out).
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) =>
    loaded ? loaded.petition.ritual : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "petitions.detail.title", { noindex: true });

/** SPEC /admin/rituals/{id}: one ritual request, its history, internal notes and status forms. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const found = await adminPetition(idParam(params.id));
  if (!found) throw data(null, { status: 404 });
  const { petition, history, photos, notes } = found;
  return {
    petition: {
      ...petition,
      consentedAt: petition.consentedAt.toISOString(),
      createdAt: petition.createdAt.toISOString(),
      updatedAt: petition.updatedAt.toISOString(),
    },
    commands: commandsFrom(petition.status),
    photos,
    history: history.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
  };
}

const CHANGE_ERRORS = {
  notFound: { key: "petitions.errors.notFound", status: 404 },
  stale: { key: "petitions.errors.stale", status: 409 },
} as const;

/** `change` moves the request (machine.ts decides), `note` adds an internal note; both audited. */
export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const id = idParam(params.id);
  const form = await readForm(request);
  if (form.get("intent") === "note") {
    const parsed = validateForm(form, petitionNoteSchema, { toast: true });
    if (!parsed.ok) return parsed.response;
    if (!(await addPetitionNote(viewer.user.id, id, parsed.data.body)))
      return actionError({ formError: "petitions.errors.notFound" }, 404);
    return actionOk({ toast: { key: "petitions.request.noteAdded" } });
  }
  if (form.get("intent") === "photo") {
    const parsed = validateForm(form, petitionPhotoSchema, { toast: true });
    if (!parsed.ok) return parsed.response;
    const result = await addPetitionPhoto(viewer.user.id, id, parsed.data.photoId);
    if (result.ok) return actionOk({ toast: { key: "petitions.photos.added" } });
    const refusal = {
      notFound: { key: "petitions.errors.notFound", status: 404 },
      notPerformed: { key: "petitions.errors.photoNotPerformed", status: 409 },
      full: { key: "petitions.errors.photosFull", status: 409 },
      media: { key: result.error === "media" ? result.messageKey : "", status: 400 },
    }[result.error];
    return actionError(
      { formError: refusal.key, fieldErrors: { photoId: refusal.key } },
      refusal.status,
    );
  }
  if (form.get("intent") === "change") {
    const parsed = validateForm(form, petitionCommandSchema, { toast: true });
    if (!parsed.ok) return parsed.response;
    const { from, ...input } = parsed.data;
    const result = await changePetition(viewer.user.id, id, from, input);
    if (!result.ok) {
      const known = CHANGE_ERRORS[result.error as keyof typeof CHANGE_ERRORS];
      return actionError(
        { formError: known?.key ?? result.error, values: parsed.values },
        known?.status ?? 409,
      );
    }
    return actionOk({ toast: { key: "petitions.request.changed" } });
  }
  return actionError({ formError: "errors.badRequest" });
}

export default function AdminRitual({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const { petition, commands, history, photos, notes } = loaderData;
  const photosOpen = petition.status === "performed" || petition.status === "closed";
  const when = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const field = (label: string, value: string | null | undefined) => (
    <div>
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 break-words whitespace-pre-line" dir="auto">
        {value || t("petitions.detail.none")}
      </dd>
    </div>
  );
  return (
    <div className="space-y-8">
      <div>
        <Link to="/admin/petitions" className="text-sm text-primary hover:underline">
          {t("petitions.request.back")}
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h2 className="text-2xl font-semibold break-words">{petition.ritual}</h2>
          <PetitionStatusBadge status={petition.status} />
        </div>
      </div>
      <dl className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-muted-foreground">
            {t("petitions.request.member")}
          </dt>
          <dd className="mt-1">
            {petition.memberSlug ? (
              <Link
                to={`/profile/${encodeURIComponent(petition.memberSlug)}`}
                className="text-primary hover:underline"
              >
                <bdi>{petition.member}</bdi>
              </Link>
            ) : (
              <bdi>{petition.member}</bdi>
            )}
          </dd>
        </div>
        {field(t("petitions.request.email"), petition.memberEmail)}
        <div className="sm:col-span-2">
          {field(t("petitions.form.intention"), petition.intention)}
        </div>
        <div className="sm:col-span-2">{field(t("petitions.form.details"), petition.details)}</div>
        {field(t("petitions.form.names"), petition.names)}
        {field(
          t("petitions.detail.preferredDate"),
          petition.preferredDate
            ? formatDay(petition.preferredDate, i18n.language)
            : t("petitions.detail.anyDay"),
        )}
        {field(t("petitions.admin.filed"), when.format(new Date(petition.createdAt)))}
        <p className="text-sm text-muted-foreground sm:self-end">
          {t("petitions.request.consented", { date: when.format(new Date(petition.consentedAt)) })}
        </p>
        {petition.report ? (
          <div className="sm:col-span-2">
            {field(t("petitions.detail.report"), petition.report)}
          </div>
        ) : null}
      </dl>

      <section aria-labelledby="ritual-actions">
        <h3 id="ritual-actions" className="text-xl font-semibold">
          {t("petitions.request.actions")}
        </h3>
        {commands.length === 0 ? (
          <p className="mt-2 text-muted-foreground">{t("petitions.request.final")}</p>
        ) : (
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            {commands.map((command) => (
              <CommandForm
                key={command}
                command={command}
                from={petition.status}
                scheduledFor={petition.scheduledFor}
              />
            ))}
          </div>
        )}
      </section>

      {photosOpen ? (
        <section aria-labelledby="ritual-photos">
          <h3 id="ritual-photos" className="text-xl font-semibold">
            {t("petitions.photos.heading")}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t("petitions.photos.hint")}</p>
          <PetitionPhotos photos={photos} />
          {photos.length < PETITION_PHOTOS_MAX ? (
            <Form method="post" className="mt-3 space-y-2" data-testid="photo-form">
              <input type="hidden" name="intent" value="photo" />
              <ResumableUpload
                // A fresh picker after each photo is added.
                key={photos.length}
                name="photoId"
                purpose="petition-photo"
                accept={MEDIA_PURPOSES["petition-photo"].types.join(",")}
                maxBytes={MEDIA_PURPOSES["petition-photo"].maxBytes}
                label={t("petitions.photos.choose")}
              />
              <Button type="submit" size="sm" variant="outline">
                {t("petitions.photos.add")}
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="ritual-history">
        <h3 id="ritual-history" className="text-xl font-semibold">
          {t("petitions.request.history")}
        </h3>
        <div className="mt-4">
          <PetitionTimeline entries={history} />
        </div>
      </section>

      <section aria-labelledby="ritual-notes">
        <h3 id="ritual-notes" className="text-xl font-semibold">
          {t("petitions.request.notes")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("petitions.request.notesHint")}</p>
        {notes.length === 0 ? (
          <p className="mt-3 text-muted-foreground">{t("petitions.request.noNotes")}</p>
        ) : (
          <ul className="mt-3 space-y-2" data-testid="petition-notes">
            {notes.map((note) => (
              <li key={note.id} className="rounded-lg border border-border bg-card p-3">
                <p className="text-xs text-muted-foreground">
                  <bdi>{note.authorName}</bdi> ·{" "}
                  <time dateTime={note.createdAt}>{when.format(new Date(note.createdAt))}</time>
                </p>
                <p className="mt-1 text-sm break-words whitespace-pre-line" dir="auto">
                  {note.body}
                </p>
              </li>
            ))}
          </ul>
        )}
        {/* A fresh, empty form once a note was added. */}
        <Form method="post" className="mt-3 space-y-2" key={notes.length}>
          <input type="hidden" name="intent" value="note" />
          <Label htmlFor="ritual-note">{t("petitions.request.note")}</Label>
          <Textarea
            id="ritual-note"
            name="body"
            rows={3}
            required
            maxLength={PETITION_LIMITS.note}
            dir="auto"
          />
          <Button type="submit" size="sm" variant="outline">
            {t("petitions.request.addNote")}
          </Button>
        </Form>
      </section>
    </div>
  );
}

/** One status change: its button, with the field it needs (reason, date or report). */
function CommandForm({
  command,
  from,
  scheduledFor,
}: {
  command: PetitionCommand;
  from: string;
  scheduledFor: string | null;
}) {
  const { t } = useTranslation();
  const id = `ritual-${command}`;
  const label =
    command === "schedule" && from === "scheduled"
      ? t("petitions.request.reschedule")
      : t(`petitions.request.${command}`);
  return (
    <Form
      method="post"
      className="space-y-2 rounded-xl border border-border bg-card p-4"
      data-testid={`command-${command}`}
    >
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="command" value={command} />
      <input type="hidden" name="from" value={from} />
      {command === "decline" ? (
        <>
          <Label htmlFor={id}>{t("petitions.request.reason")}</Label>
          <Textarea
            id={id}
            name="reason"
            rows={3}
            required
            maxLength={PETITION_LIMITS.reason}
            dir="auto"
          />
        </>
      ) : null}
      {command === "schedule" ? (
        <>
          <Label htmlFor={id}>{t("petitions.request.date")}</Label>
          <Input id={id} name="date" type="date" required defaultValue={scheduledFor ?? ""} />
        </>
      ) : null}
      {command === "perform" ? (
        <>
          <Label htmlFor={id}>{t("petitions.request.report")}</Label>
          <Textarea
            id={id}
            name="report"
            rows={5}
            required
            maxLength={PETITION_LIMITS.report}
            dir="auto"
          />
        </>
      ) : null}
      <Button type="submit" size="sm" variant={command === "decline" ? "destructive" : "default"}>
        {label}
      </Button>
    </Form>
  );
}
