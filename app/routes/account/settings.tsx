import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/settings";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Avatar } from "#app/components/ui/avatar";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardHeader } from "#app/components/ui/card";
import { ImageFileField } from "#app/components/ui/image-file-field";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { LANGUAGES, LOCALE_COOKIE } from "#app/i18n/locales";
import {
  actionError,
  actionOk,
  failureOf,
  readForm,
  validateForm,
  type FieldErrors,
} from "#app/lib/form";
import { publicUrl } from "#app/lib/config.server";
import { getViewer, requireUser } from "#app/modules/auth/index.server";
import {
  ImageRejectedError,
  storeAvatar,
  SlugTakenError,
  setAvatarUrl,
  updateOwnProfile,
} from "#app/modules/profiles/index.server";
import { BIO_MAX } from "#app/modules/profiles";
import { profileSettingsSchema } from "#app/modules/profiles/validation";
import { logger } from "#app/lib/logger.server";
import {
  canUseEventCalendar,
  chosenZoneCookies,
  detectedZoneCookies,
  useViewerZone,
  viewerZone,
  zoneChosen,
} from "#app/modules/coven-events";
import {
  eventReminders,
  feedToken,
  regenerateFeedToken,
  setEventReminders,
} from "#app/modules/coven-events/index.server";
import {
  CALENDAR_INTENTS,
  calendarSettingsSchema,
} from "#app/modules/coven-events/calendar-validation";
import { CalendarSettings } from "#app/modules/coven-events/components/calendar-settings";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["account"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "settings.title", { noindex: true });

/** The IANA zones the zone field offers (UTC too, which Intl's list leaves out). */
const ZONES = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];

const feedUrl = (token: string) => `${publicUrl()}/calendar/${token}.ics`;

export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const p = viewer.profile;
  const cookie = request.headers.get("cookie");
  const ownCalendar = canUseEventCalendar(viewer.actor, viewer.user.id);
  return {
    calendar: ownCalendar
      ? {
          feedUrl: feedUrl(await feedToken(viewer.user.id)),
          reminders: await eventReminders(viewer.user.id),
          timeZone: viewerZone(cookie),
          zoneChosen: zoneChosen(cookie),
          zones: ZONES,
        }
      : null,
    profile: {
      displayName: p.displayName,
      slug: p.slug,
      bio: p.bio,
      avatarUrl: p.avatarUrl,
      language: p.language ?? "",
      notificationSound: p.notificationSound,
      broadcastEmails: p.broadcastEmails,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  if (!viewer) return actionError({ formError: "settings.toasts.signIn" }, 401);
  // Beside the fields' own errors, a toast says the profile was not saved.
  const failed = (fieldErrors: FieldErrors, values: Record<string, string>) =>
    actionError({ formError: "settings.toasts.failed", fieldErrors, values });
  const form = await readForm(request);
  const intent = form.get("intent");
  if (CALENDAR_INTENTS.some((name) => name === intent))
    return calendarAction(viewer.actor, viewer.user.id, form);
  const parsed = validateForm(form, profileSettingsSchema);
  if (!parsed.ok) return failed(parsed.failure.fieldErrors, parsed.failure.values);
  const { values } = parsed;
  const headers = new Headers();
  try {
    const avatar = form.get("avatar");
    if (form.get("removeAvatar") === "on") await setAvatarUrl(viewer.user.id, null);
    else if (avatar instanceof File && avatar.size > 0)
      await setAvatarUrl(viewer.user.id, await storeAvatar(avatar));
    await updateOwnProfile(viewer.user.id, parsed.data);
    if (parsed.data.language)
      headers.append(
        "Set-Cookie",
        `${LOCALE_COOKIE}=${parsed.data.language}; Path=/; Max-Age=31536000; SameSite=Lax`,
      );
  } catch (error) {
    if (error instanceof SlugTakenError)
      return failed({ slug: "settings.errors.slugTaken" }, values);
    if (error instanceof ImageRejectedError)
      return failed(
        {
          avatar:
            error.reason === "size"
              ? "settings.errors.avatarTooLarge"
              : "settings.errors.avatarType",
        },
        values,
      );
    logger.error({ err: error }, "profile update failed");
    return actionError({ formError: "settings.toasts.error", values }, 500);
  }
  return actionOk({ toast: { key: "settings.toasts.updated" } }, { headers });
}

/** The calendar section's forms (calendar-validation.ts): one intent each. */
async function calendarAction(
  actor: Parameters<typeof canUseEventCalendar>[0],
  userId: string,
  form: FormData,
) {
  if (!canUseEventCalendar(actor, userId))
    return actionError({ formError: "settings.calendar.errors.notAllowed" }, 403);
  const parsed = validateForm(form, calendarSettingsSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  const headers = new Headers();
  switch (input.intent) {
    case "calendar-regenerate":
      await regenerateFeedToken(userId);
      return actionOk({ toast: { key: "settings.calendar.toasts.regenerated" } });
    case "calendar-reminders":
      await setEventReminders(userId, input.reminders);
      return actionOk({
        toast: {
          key: input.reminders
            ? "settings.calendar.toasts.remindersOn"
            : "settings.calendar.toasts.remindersOff",
        },
      });
    case "calendar-zone":
      for (const cookie of chosenZoneCookies(input.timeZone)) headers.append("Set-Cookie", cookie);
      return actionOk(
        { toast: { key: "settings.calendar.toasts.zoneSaved", params: { zone: input.timeZone } } },
        { headers },
      );
    case "calendar-zone-auto":
      for (const cookie of detectedZoneCookies()) headers.append("Set-Cookie", cookie);
      return actionOk({ toast: { key: "settings.calendar.toasts.zoneAuto" } }, { headers });
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = failureOf(actionData);
  const errors = failure?.fieldErrors ?? {};
  const values = { ...loaderData.profile, ...failure?.values };
  useActionToast(actionData);
  // The zone the calendar section shows is the browser's until one is chosen there.
  useViewerZone(loaderData.calendar?.timeZone ?? "UTC");

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("settings.subtitle")}</p>
      <p className="mt-2 text-sm">
        <Link to="/settings/activity" className="underline">
          {t("settings.activity.link")}
        </Link>
      </p>
      <Card className="mt-6">
        <CardHeader>
          <h2 className="text-lg font-semibold">{t("settings.profileSection")}</h2>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="space-y-5" noValidate>
            <FormField
              label={t("settings.displayName")}
              name="displayName"
              defaultValue={values.displayName}
              error={errors.displayName}
              autoComplete="nickname"
              required
            />
            <FormField
              label={t("settings.slug")}
              name="slug"
              defaultValue={values.slug}
              error={errors.slug}
              hint={t("settings.slugHint", { slug: values.slug })}
              required
            />
            <FormField
              id="bio"
              label={t("settings.bio")}
              name="bio"
              error={errors.bio}
              hint={t("settings.bioHint")}
            >
              {({ id, describedBy, invalid }) => (
                <Textarea
                  id={id}
                  name="bio"
                  rows={4}
                  maxLength={BIO_MAX}
                  defaultValue={values.bio}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )}
            </FormField>
            <FormField label={t("settings.language")} name="language" error={errors.language}>
              {({ id, describedBy }) => (
                <Select
                  id={id}
                  name="language"
                  defaultValue={values.language}
                  aria-describedby={describedBy}
                >
                  <option value="">{t("settings.languageAuto")}</option>
                  {LANGUAGES.map((l) => (
                    <option key={l.code} value={l.code} lang={l.code}>
                      {l.nativeName}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="notificationSound"
                defaultChecked={
                  failure
                    ? failure.values.notificationSound === "on"
                    : loaderData.profile.notificationSound
                }
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{t("settings.notificationSound")}</span>
                <span className="block text-muted-foreground">
                  {t("settings.notificationSoundHint")}
                </span>
              </span>
            </label>
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="broadcastEmails"
                defaultChecked={
                  failure
                    ? failure.values.broadcastEmails === "on"
                    : loaderData.profile.broadcastEmails
                }
                className="mt-0.5 size-4 accent-primary"
              />
              <span>
                <span className="block font-medium">{t("settings.broadcastEmails")}</span>
                <span className="block text-muted-foreground">
                  {t("settings.broadcastEmailsHint")}
                </span>
              </span>
            </label>
            <ImageFileField
              id="avatar"
              name="avatar"
              label={t("settings.avatar")}
              hint={t("settings.avatarHint")}
              error={errors.avatar ? t(textKey(errors.avatar)) : undefined}
              remove={
                loaderData.profile.avatarUrl
                  ? { name: "removeAvatar", label: t("settings.avatarRemove") }
                  : null
              }
              preview={
                <Avatar
                  src={loaderData.profile.avatarUrl}
                  name={loaderData.profile.displayName}
                  size="lg"
                />
              }
            />
            <Button type="submit" disabled={busy}>
              {busy ? t("common.saving") : t("settings.save")}
            </Button>
          </Form>
        </CardContent>
      </Card>
      {loaderData.calendar ? (
        <CalendarSettings data={loaderData.calendar} zoneError={errors.timeZone} />
      ) : null}
    </div>
  );
}
