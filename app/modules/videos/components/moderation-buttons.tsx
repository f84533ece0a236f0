import { IntentButton } from "#app/components/ui/intent-button";
import { useTranslation } from "#app/i18n/react";
import type { VideoStatus } from "../policy";

/**
 * An admin's decisions on a video, as small forms posting `video-<decision>` and its id to the
 * page's action (the video page and /admin/moderation share them); the server checks again.
 */
export function VideoModerationButtons({
  video,
}: {
  video: { id: string; status: VideoStatus; isActive: boolean };
}) {
  const { t } = useTranslation();
  const fields = { videoId: video.id };
  return (
    <div className="flex flex-wrap gap-2">
      {video.status !== "published" ? (
        <IntentButton intent="video-publish" fields={fields} variant="default">
          {t("videos.moderation.publish")}
        </IntentButton>
      ) : null}
      {video.status === "pending" ? (
        <IntentButton intent="video-reject" fields={fields}>
          {t("videos.moderation.reject")}
        </IntentButton>
      ) : null}
      {video.status === "published" ? (
        <IntentButton intent={video.isActive ? "video-hide" : "video-show"} fields={fields}>
          {video.isActive ? t("videos.moderation.hide") : t("videos.moderation.show")}
        </IntentButton>
      ) : null}
      <IntentButton
        intent="video-delete"
        fields={fields}
        variant="destructive"
        confirm={t("videos.moderation.deleteConfirm")}
      >
        {t("videos.moderation.delete")}
      </IntentButton>
    </div>
  );
}
