import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/add";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { useActionToast } from "#app/hooks/use-action-toast";
import { requirePremium } from "#app/modules/auth/index.server";
import { createVideo, VideoRefusedError } from "#app/modules/videos/index.server";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";
import { addVideoSchema, VIDEO_LIMITS } from "#app/modules/videos/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["videos", "discussions"] } satisfies TextsHandle;
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
  const { embed, ...fields } = { ...parsed.data, embed: parsed.data.embedUrl };
  try {
    const created = await createVideo(viewer.actor, {
      title: fields.title,
      description: fields.description,
      tags: fields.tags,
      embed,
    });
    throw redirect(`/video/${encodeURIComponent(created.slug)}`);
  } catch (error) {
    if (error instanceof VideoRefusedError) {
      return actionError(
        { formError: `videos.errors.${error.reason}`, values: parsed.values },
        403,
      );
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
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("videos.add.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("videos.add.intro")}</p>
      <Form method="post" className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="source" value="embed" />
        <FormField
          label={t("videos.add.embedUrl")}
          name="embedUrl"
          type="url"
          inputMode="url"
          defaultValue={values.embedUrl}
          error={errors.embedUrl ?? errors.source}
          hint={t("videos.add.embedHint")}
          maxLength={VIDEO_LIMITS.embedUrlMax}
          dir="ltr"
          required
        />
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
