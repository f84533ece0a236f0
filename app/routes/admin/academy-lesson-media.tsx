import { Link, data } from "react-router";
import type { Route } from "./+types/academy-lesson-media";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { NotAllowedError } from "#app/modules/auth";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  addLessonFile,
  lessonMediaPage,
  moveLessonFile,
  refusalAnswer,
  removeLessonFile,
  removeLessonVideo,
  renameLessonFile,
  setLessonVideo,
} from "#app/modules/academy/index.server";
import { MediaAttachError } from "#app/modules/media/index.server";
import { lessonMediaSchema, type LessonMediaInput } from "#app/modules/academy/media-validation";
import { LessonMediaEditor } from "#app/modules/academy/components/lesson-media-editor";

export const handle = {
  texts: ["academy", "media"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded
      ? [
          t("academy.nav"),
          t("academy.admin.title"),
          loaded.lesson.courseTitle,
          t("academy.quizEditor.lessons"),
          loaded.lesson.title,
          t("academy.lessonMedia.title"),
        ]
      : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.lessonMedia.title", {
    prefix: args.loaderData?.lesson.title,
    noindex: true,
  });

function target(params: Route.LoaderArgs["params"]) {
  return { courseId: idParam(params.id), lessonId: idParam(params.lessonId) };
}

/**
 * `/admin/academy/courses/:id/lessons/:lessonId/media`: a lesson's video and downloadable files
 * (admins; decision 054). Uploads go to the media engine first; these forms adopt them.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = await lessonMediaPage(target(params));
  if (!page) throw data(null, { status: 404 });
  return page;
}

const TOASTS = {
  "video-set": "academy.lessonMedia.toasts.videoSet",
  "video-remove": "academy.lessonMedia.toasts.videoRemoved",
  "file-add": "academy.lessonMedia.toasts.fileAdded",
  "file-rename": "academy.lessonMedia.toasts.fileRenamed",
  "file-move": "academy.lessonMedia.toasts.fileMoved",
  "file-remove": "academy.lessonMedia.toasts.fileRemoved",
} as const satisfies Record<LessonMediaInput["intent"], string>;

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const where = target(params);
  const parsed = await parseForm(request, lessonMediaSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "video-set":
        await setLessonVideo(viewer.actor, where, input.mediaFileId);
        break;
      case "video-remove":
        await removeLessonVideo(viewer.actor, where);
        break;
      case "file-add":
        await addLessonFile(viewer.actor, where, input);
        break;
      case "file-rename":
        await renameLessonFile(viewer.actor, where, input.fileId, input.title);
        break;
      case "file-move":
        await moveLessonFile(viewer.actor, where, input.fileId, input.direction);
        break;
      case "file-remove":
        await removeLessonFile(viewer.actor, where, input.fileId);
        break;
    }
  } catch (error) {
    if (error instanceof MediaAttachError)
      return actionError(
        { fieldErrors: { mediaFileId: error.messageKey }, values: parsed.values },
        400,
      );
    if (error instanceof AcademyRefusedError) return refusalAnswer(error, parsed.values);
    if (error instanceof NotAllowedError) throw data(null, { status: 403 });
    throw error;
  }
  return actionOk({ toast: { key: TOASTS[input.intent] } });
}

export default function AdminLessonMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const { lesson, video, files } = loaderData;
  return (
    <section aria-labelledby="lesson-media-title">
      <Link
        to={`/admin/academy/courses/${lesson.courseId}`}
        className="text-sm text-primary hover:underline"
      >
        {t("academy.lessonMedia.back")}
      </Link>
      <h2 id="lesson-media-title" className="mt-2 text-2xl font-semibold">
        {t("academy.lessonMedia.heading")} <bdi>{lesson.title}</bdi>
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        <bdi>{lesson.courseTitle}</bdi>
      </p>
      <LessonMediaEditor video={video} files={files} failure={failureOf(actionData)} />
    </section>
  );
}
