import { useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { FieldError } from "#app/components/ui/field-error";
import { MEDIA_PURPOSES } from "#app/modules/media";
import { ResumableUpload } from "#app/modules/media/components/resumable-upload";
import type { Route } from "./+types/add";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { textKey } from "#app/i18n/i18n";
import { pageMeta } from "#app/i18n/meta";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { useActionToast } from "#app/hooks/use-action-toast";
import { requirePremium } from "#app/modules/auth/index.server";
import { createVideo, VideoRefusedError } from "#app/modules/videos/index.server";
import { MediaAttachError } from "#app/modules/media/index.server";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { addVideoSchema, VIDEO_LIMITS } from "#app/modules/videos/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["videos", "discussions", "media"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "videos.add.title", { noindex: true });

/** SPEC §2 /add-video: premium (admins too); everyone else meets the Premium gate. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePremium(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePremium(request);
  const parsed = await parseForm(request, addVideoSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    const created = await createVideo(viewer.actor, {
      title: input.title,
      description: input.description,
      tags: input.tags,
      source:
        input.source === "embed" ? { embed: input.embedUrl } : { mediaFileId: input.mediaFileId },
    });
    throw redirect(`/video/${encodeURIComponent(created.slug)}`);
  } catch (error) {
    if (error instanceof VideoRefusedError) {
      return actionError(
        { formError: `videos.errors.${error.reason}`, values: parsed.values },
        403,
      );
    }
    // The uploaded file is not this member's, not finished, or already used by another video.
    if (error instanceof MediaAttachError) {
      return actionError({ fieldErrors: { mediaFileId: error.messageKey }, values: parsed.values });
    }
    throw error;
  }
}

export default function AddVideo({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  const [source, setSource] = useState(values.source === "embed" ? "embed" : "upload");
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("videos.add.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("videos.add.intro")}</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t("videos.add.sourceLabel")}</legend>
          <div className="flex flex-wrap gap-3">
            {(["upload", "embed"] as const).map((option) => (
              <label
                key={option}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 has-checked:border-primary has-checked:bg-primary/5"
              >
                <input
                  type="radio"
                  name="source"
                  value={option}
                  checked={source === option}
                  onChange={() => setSource(option)}
                />
                {option === "upload" ? t("videos.add.sourceUpload") : t("videos.add.sourceEmbed")}
              </label>
            ))}
          </div>
          <FieldError message={errors.source ? t(textKey(errors.source)) : undefined} />
        </fieldset>
        <div className="space-y-2">
          <ResumableUpload
            name="mediaFileId"
            purpose="video"
            accept={MEDIA_PURPOSES.video.types.join(",")}
            maxBytes={MEDIA_PURPOSES.video.maxBytes}
            label={t("videos.add.fileLabel")}
          />
          <FieldError message={errors.mediaFileId ? t(textKey(errors.mediaFileId)) : undefined} />
        </div>
        <div>
          <FormField
            label={t("videos.add.embedUrl")}
            name="embedUrl"
            type="url"
            inputMode="url"
            defaultValue={values.embedUrl}
            error={errors.embedUrl}
            hint={t("videos.add.embedHint")}
            maxLength={VIDEO_LIMITS.embedUrlMax}
            dir="ltr"
          />
        </div>
        <FormField
          label={t("videos.add.titleLabel")}
          name="title"
          defaultValue={values.title}
          error={errors.title}
          maxLength={VIDEO_LIMITS.titleMax}
          dir="auto"
          required
        />
        <MarkdownEditor
          name="description"
          label={t("videos.add.description")}
          defaultValue={values.description}
          error={errors.description}
          maxLength={VIDEO_LIMITS.descriptionMax}
          rows={6}
        />
        <FormField
          label={t("videos.add.tags")}
          name="tags"
          defaultValue={values.tags}
          error={errors.tags}
          hint={t("videos.add.tagsHint", { count: VIDEO_LIMITS.tags })}
          dir="auto"
        />
        <p className="text-sm text-muted-foreground">{t("videos.add.reviewNotice")}</p>
        <Button type="submit" disabled={busy}>
          {t("videos.add.submit")}
        </Button>
      </Form>
    </div>
  );
}
