import { useEffect } from "react";
import { Form, Link, data, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/broadcast";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { LANGUAGES } from "#app/i18n/locales";
import { pageMeta } from "#app/i18n/meta";
import { useActionToast } from "#app/hooks/use-action-toast";
import { RenderedMarkdown } from "#app/components/markdown";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Select } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  audienceSize,
  covenChoices,
  getBroadcast,
  previewOf,
  removeTranslation,
  saveTranslation,
  startSending,
  updateDraft,
} from "#app/modules/broadcasts/index.server";
import {
  composeSchema,
  previewLanguageSchema,
  removeTranslationSchema,
  translationSchema,
} from "#app/modules/broadcasts/validation";
import { BODY_MAX, SUBJECT_MAX } from "#app/modules/broadcasts";
import { ComposeFields, composeValues } from "#app/modules/broadcasts/components/compose-fields";
import { DeliveryFigures } from "#app/modules/broadcasts/components/figures";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.broadcast.title", { prefix: args.loaderData?.subject, noindex: true });

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const broadcast = await getBroadcast(idParam(params.id));
  if (!broadcast) throw data(null, { status: 404 });
  const previewLanguage = previewLanguageSchema.parse(url.searchParams.get("preview") ?? "");
  const draft = broadcast.status === "draft";
  return {
    id: broadcast.id,
    subject: broadcast.subject,
    body: broadcast.body,
    audience: broadcast.audience,
    channels: broadcast.channels,
    translations: Object.keys(broadcast.translations).sort(),
    figures: {
      status: broadcast.status,
      recipients: broadcast.recipients,
      delivered: broadcast.delivered,
      notified: broadcast.notified,
      emailed: broadcast.emailed,
      optedOut: broadcast.optedOut,
    },
    previewLanguage,
    preview: previewOf(broadcast, previewLanguage),
    audienceSize: draft ? await audienceSize(broadcast.audience) : null,
    covens: draft ? await covenChoices() : [],
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const id = idParam(params.id);
  const form = await readForm(request);
  const intent = form.get("intent");
  const notDraft = () => actionError({ formError: "admin.broadcast.errors.notDraft" }, 409);
  if (intent === "update") {
    const parsed = validateForm(form, composeSchema);
    if (!parsed.ok) return parsed.response;
    if (!(await updateDraft(id, parsed.data))) return notDraft();
    return actionOk({ toast: { key: "admin.broadcast.saved" } });
  }
  if (intent === "translate") {
    const parsed = validateForm(form, translationSchema);
    if (!parsed.ok) return parsed.response;
    if (!(await saveTranslation(id, parsed.data))) return notDraft();
    return actionOk({ toast: { key: "admin.broadcast.translationSaved" } });
  }
  if (intent === "removeTranslation") {
    const parsed = validateForm(form, removeTranslationSchema, { toast: true });
    if (!parsed.ok) return parsed.response;
    if (!(await removeTranslation(id, parsed.data.language))) return notDraft();
    return actionOk({ toast: { key: "admin.broadcast.translationRemoved" } });
  }
  if (intent === "send") {
    const recipients = await startSending(viewer.user.id, id);
    if (recipients === null) return notDraft();
    return actionOk({ toast: { key: "admin.broadcast.sending", params: { count: recipients } } });
  }
  return actionError({ formError: "errors.badRequest" });
}

/** How often the page asks for the figures again while the broadcast is being sent. */
const POLL_MS = 1000;

export default function AdminBroadcast({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const busy = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  const { figures } = loaderData;
  const sending = figures.status === "sending";
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const intent = failure?.values.intent;
  const draft = figures.status === "draft";
  const languageName = (code: string) =>
    LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
  return (
    <div className="space-y-8">
      <div>
        <Link to="/admin/broadcast" className="text-sm text-muted-foreground hover:underline">
          {t("admin.broadcast.back")}
        </Link>
        <h2 className="mt-2 text-2xl font-semibold break-words" dir="auto">
          {loaderData.subject}
        </h2>
        <p className="mt-1 text-sm">
          <span className="rounded bg-muted px-2 py-0.5 text-xs" data-testid="broadcast-status">
            {t(textKey(`admin.broadcast.status.${figures.status}`))}
          </span>
        </p>
      </div>

      {draft ? null : <DeliveryFigures figures={figures} />}

      <section aria-labelledby="preview-title" className="rounded-xl border border-border p-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h3 id="preview-title" className="text-lg font-semibold">
            {t("admin.broadcast.preview")}
          </h3>
          <Form method="get" className="flex items-end gap-2">
            <label className="text-sm">
              <span className="mb-1 block text-muted-foreground">
                {t("admin.broadcast.previewAs")}
              </span>
              <Select name="preview" defaultValue={loaderData.previewLanguage}>
                <option value="">{t("admin.broadcast.previewOriginal")}</option>
                {LANGUAGES.map((language) => (
                  <option key={language.code} value={language.code}>
                    {language.nativeName}
                  </option>
                ))}
              </Select>
            </label>
            <Button type="submit" variant="outline">
              {t("admin.broadcast.showPreview")}
            </Button>
          </Form>
        </div>
        <article className="mt-4 rounded-lg bg-card p-4" data-testid="broadcast-preview" dir="auto">
          <h4 className="mb-2 text-lg font-semibold break-words">{loaderData.preview.subject}</h4>
          <RenderedMarkdown html={loaderData.preview.html} />
        </article>
      </section>

      {draft ? (
        <>
          <section aria-labelledby="send-title" className="rounded-xl border border-border p-4">
            <h3 id="send-title" className="text-lg font-semibold">
              {t("admin.broadcast.sendTitle")}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground" data-testid="audience-size">
              {t("admin.broadcast.audienceSize", { count: loaderData.audienceSize ?? 0 })}
            </p>
            <div className="mt-3">
              <IntentButton
                intent="send"
                variant="default"
                confirm={t("admin.broadcast.sendConfirm", {
                  count: loaderData.audienceSize ?? 0,
                })}
              >
                {t("admin.broadcast.send")}
              </IntentButton>
            </div>
          </section>

          <section aria-labelledby="edit-title" className="rounded-xl border border-border p-4">
            <h3 id="edit-title" className="mb-4 text-lg font-semibold">
              {t("admin.broadcast.edit")}
            </h3>
            <Form method="post" noValidate className="space-y-4">
              <input type="hidden" name="intent" value="update" />
              <ComposeFields
                key={intent === "update" ? "failed" : "stored"}
                values={composeValues(
                  loaderData,
                  intent === "update" ? failure?.values : undefined,
                )}
                errors={intent === "update" ? (failure?.fieldErrors ?? {}) : {}}
                covens={loaderData.covens}
              />
              <Button type="submit" disabled={busy}>
                {t("admin.broadcast.saveDraft")}
              </Button>
            </Form>
          </section>

          <section
            aria-labelledby="translations-title"
            className="rounded-xl border border-border p-4"
          >
            <h3 id="translations-title" className="text-lg font-semibold">
              {t("admin.broadcast.translations")}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">
              {t("admin.broadcast.translationsText")}
            </p>
            {loaderData.translations.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2">
                {loaderData.translations.map((code) => (
                  <li
                    key={code}
                    className="flex items-center gap-2 rounded-lg border border-border px-3 py-1"
                  >
                    <span>{languageName(code)}</span>
                    <IntentButton
                      intent="removeTranslation"
                      fields={{ language: code }}
                      variant="ghost"
                      label={t("admin.broadcast.removeTranslation", {
                        language: languageName(code),
                      })}
                    >
                      {t("admin.broadcast.remove")}
                    </IntentButton>
                  </li>
                ))}
              </ul>
            ) : null}
            <Form method="post" noValidate className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="translate" />
              <FormField
                label={t("admin.broadcast.language")}
                name="language"
                error={intent === "translate" ? failure?.fieldErrors.language : undefined}
              >
                {({ id, describedBy }) => (
                  <Select id={id} name="language" aria-describedby={describedBy} defaultValue="ar">
                    {LANGUAGES.map((language) => (
                      <option key={language.code} value={language.code}>
                        {language.nativeName}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField
                label={t("admin.broadcast.subject")}
                name="subject"
                id="translation-subject"
                maxLength={SUBJECT_MAX}
                error={intent === "translate" ? failure?.fieldErrors.subject : undefined}
              />
              <FormField
                label={t("admin.broadcast.body")}
                name="body"
                id="translation-body"
                error={intent === "translate" ? failure?.fieldErrors.body : undefined}
              >
                {({ id, describedBy, invalid }) => (
                  <Textarea
                    id={id}
                    name="body"
                    rows={6}
                    maxLength={BODY_MAX}
                    className="font-mono text-sm"
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                  />
                )}
              </FormField>
              <Button type="submit" variant="outline" disabled={busy}>
                {t("admin.broadcast.saveTranslation")}
              </Button>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}
