import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { VideoPlayer } from "#app/components/video-player";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { IntentButton } from "#app/components/ui/intent-button";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import type { ActionFailure } from "#app/lib/form";
import { MEDIA_PURPOSES } from "#app/modules/media";
import { ResumableUpload } from "#app/modules/media/components/resumable-upload";
import { LESSON_MEDIA_LIMITS } from "../media-validation";
import { FileFacts } from "./file-facts";

interface EditorFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
  name: string;
}

export interface LessonMediaEditorProps {
  video: (EditorFile & { poster: string | null }) | null;
  files: { id: string; title: string; file: EditorFile }[];
  failure: ActionFailure | undefined;
}

/**
 * A lesson's video and downloads (decision 054): the video is uploaded with the resumable upload
 * and then put on the lesson by a form post, replaced the same way or removed; downloads are
 * uploaded, titled, renamed, moved and removed one form each (all plain posts the server checks).
 */
export function LessonMediaEditor({ video, files, failure }: LessonMediaEditorProps) {
  const { t } = useTranslation();
  const failed = (intent: string, fileId = "") =>
    failure && failure.values.intent === intent && (failure.values.fileId ?? "") === fileId
      ? failure
      : undefined;
  return (
    <div className="mt-6 max-w-3xl space-y-10">
      <section aria-labelledby="lesson-video-title" className="space-y-4">
        <h3 id="lesson-video-title" className="text-xl font-semibold">
          {t("academy.lessonMedia.videoTitle")}
        </h3>
        {video ? (
          <div className="space-y-3">
            <VideoPlayer src={video.url} poster={video.poster} title={video.name} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-w-0 text-sm">
                <bdi className="block font-medium break-all">{video.name}</bdi>
                <span className="text-muted-foreground">
                  <FileFacts file={video} />
                </span>
              </p>
              <IntentButton
                intent="video-remove"
                variant="destructive"
                confirm={t("academy.lessonMedia.videoRemoveConfirm")}
              >
                {t("academy.lessonMedia.videoRemove")}
              </IntentButton>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("academy.lessonMedia.noVideo")}</p>
        )}
        <UploadForm
          key={video?.id ?? "none"}
          intent="video-set"
          purpose="lesson-video"
          label={t("academy.lessonMedia.videoChoose")}
          submit={video ? t("academy.lessonMedia.videoReplace") : t("academy.lessonMedia.videoSet")}
          failure={failed("video-set")}
        />
      </section>

      <section aria-labelledby="lesson-files-title" className="space-y-4">
        <h3 id="lesson-files-title" className="text-xl font-semibold">
          {t("academy.lessonMedia.filesTitle")}
        </h3>
        {files.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("academy.lessonMedia.noFiles")}</p>
        ) : (
          <ol className="divide-y divide-border rounded-xl border border-border">
            {files.map((entry) => (
              <FileRow
                key={`${entry.id}:${entry.title}`}
                entry={entry}
                failure={failed("file-rename", entry.id)}
              />
            ))}
          </ol>
        )}
        {files.length < LESSON_MEDIA_LIMITS.filesMax ? (
          <div className="rounded-xl border border-dashed border-border p-4">
            <h4 className="mb-1 font-semibold">{t("academy.lessonMedia.addTitle")}</h4>
            <p className="mb-3 text-sm text-muted-foreground">
              {t("academy.lessonMedia.limits", { number: LESSON_MEDIA_LIMITS.filesMax })}
            </p>
            <UploadForm
              key={files.length}
              intent="file-add"
              purpose="lesson-file"
              label={t("academy.lessonMedia.fileChoose")}
              submit={t("academy.lessonMedia.fileAdd")}
              failure={failed("file-add")}
              titled
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("academy.refusals.filesFull")}</p>
        )}
      </section>
    </div>
  );
}

/** A resumable upload and the form that puts the uploaded file on the lesson. */
function UploadForm({
  intent,
  purpose,
  label,
  submit,
  failure,
  titled = false,
}: {
  intent: "video-set" | "file-add";
  purpose: "lesson-video" | "lesson-file";
  label: string;
  submit: string;
  failure: ActionFailure | undefined;
  titled?: boolean;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [uploaded, setUploaded] = useState(false);
  const rules = MEDIA_PURPOSES[purpose];
  const uploadError = failure?.fieldErrors.mediaFileId;
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <ResumableUpload
        name="mediaFileId"
        purpose={purpose}
        accept={rules.types.join(",")}
        maxBytes={rules.maxBytes}
        label={label}
        onUploaded={() => setUploaded(true)}
      />
      <FieldError message={uploadError ? t(textKey(uploadError)) : undefined} />
      {titled ? (
        <FormField
          label={t("academy.lessonMedia.fileTitle")}
          name="title"
          defaultValue={failure?.values.title}
          error={failure?.fieldErrors.title}
          hint={t("academy.lessonMedia.fileTitleHint")}
          maxLength={LESSON_MEDIA_LIMITS.titleMax}
          dir="auto"
        />
      ) : null}
      <Button type="submit" disabled={busy || !uploaded}>
        {submit}
      </Button>
    </Form>
  );
}

function FileRow({
  entry,
  failure,
}: {
  entry: LessonMediaEditorProps["files"][number];
  failure: ActionFailure | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <li className="space-y-3 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <a
            href={entry.file.url}
            className="block font-medium text-primary hover:underline"
            download
          >
            <bdi className="break-all">{entry.title}</bdi>
          </a>
          <span className="text-muted-foreground">
            <bdi className="break-all">{entry.file.name}</bdi> · <FileFacts file={entry.file} />
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          <IntentButton
            intent="file-move"
            fields={{ fileId: entry.id, direction: "up" }}
            label={t("academy.lessonMedia.moveUp", { title: entry.title })}
            variant="ghost"
          >
            <ArrowUp aria-hidden="true" />
          </IntentButton>
          <IntentButton
            intent="file-move"
            fields={{ fileId: entry.id, direction: "down" }}
            label={t("academy.lessonMedia.moveDown", { title: entry.title })}
            variant="ghost"
          >
            <ArrowDown aria-hidden="true" />
          </IntentButton>
          <IntentButton
            intent="file-remove"
            fields={{ fileId: entry.id }}
            variant="destructive"
            label={t("academy.lessonMedia.removeOf", { title: entry.title })}
            confirm={t("academy.lessonMedia.removeConfirm")}
          >
            {t("academy.lessonMedia.remove")}
          </IntentButton>
        </div>
      </div>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="file-rename" />
        <input type="hidden" name="fileId" value={entry.id} />
        <div className="min-w-0 flex-1">
          <FormField
            label={t("academy.lessonMedia.titleOf", { title: entry.title })}
            name="title"
            defaultValue={failure?.values.title ?? entry.title}
            error={failure?.fieldErrors.title}
            maxLength={LESSON_MEDIA_LIMITS.titleMax}
            required
            dir="auto"
          />
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          {t("academy.lessonMedia.rename")}
        </Button>
      </Form>
    </li>
  );
}
