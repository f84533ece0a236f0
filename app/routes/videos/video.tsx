import { data, Link, redirect, useNavigation } from "react-router";
import { Bell, BellOff } from "lucide-react";
import type { Route } from "./+types/video";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { RenderedMarkdown } from "#app/components/markdown";
import { Badge } from "#app/components/ui/badge";
import { IntentButton } from "#app/components/ui/intent-button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import { notShared } from "#app/lib/http-cache";
import { useActionToast } from "#app/hooks/use-action-toast";
import { clientIp, getViewer, requireUser } from "#app/modules/auth/index.server";
import {
  ensureVideoThread,
  moderateVideo,
  rateVideo,
  recordView,
  relatedVideos,
  setFollow,
  VideoRefusedError,
  videoBySlug,
  videoPermissions,
  viewerKey,
  viewerVideoState,
} from "#app/modules/videos/index.server";
import { EmbedPlayer } from "#app/modules/videos/components/embed-player";
import { VideoPlayer } from "#app/components/video-player";
import { RatingForm } from "#app/modules/videos/components/rating-form";
import { VideoCard, VideoStats } from "#app/modules/videos/components/video-card";
import { VideoModerationButtons } from "#app/modules/videos/components/moderation-buttons";
import { videoActionSchema, videoModerationSchema } from "#app/modules/videos/validation";
import { isPubliclyVisible } from "#app/modules/videos";
import { videoThreadHref } from "#app/modules/discussions";
import {
  getThread,
  rulesFor,
  runThreadAction,
  threadTarget,
} from "#app/modules/discussions/index.server";
import { CommentsSection } from "#app/modules/discussions/components/comments-section";
import { ReactionIconSprite } from "#app/modules/discussions/components/reaction-bar";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

// A visit counts as a view, so a shared cache must not answer for the server.
export const headers = notShared;

export const handle = {
  texts: ["videos", "discussions", "media"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.video.title ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(
        args,
        { text: args.loaderData.video.title },
        {
          noindex: !args.loaderData.video.public,
        },
      )
    : pageMeta(args, "videos.title");

function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * SPEC §2 /video/{slug}: open. A pending, rejected or hidden video is a 404 for everyone but its
 * uploader and admins. A view counts once per viewer per day (videos.server.ts `recordView`).
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const actor = viewer?.actor ?? null;
  const row = await videoBySlug(actor, params.slug);
  if (!row) notFound();
  const visible = isPubliclyVisible(row);
  // Comments (decision 049) are on published, active videos: the discussions engine in the
  // video's scope, paged like a thread (`?comment=`, `?after=`, `?before=`).
  const thread = visible
    ? await getThread(
        await ensureVideoThread(row),
        rulesFor(viewer),
        {
          comment: url.searchParams.get("comment"),
          after: url.searchParams.get("after"),
          before: url.searchParams.get("before"),
        },
        { covenId: null, videoId: row.id },
      )
    : null;
  const [state, related, counted] = await Promise.all([
    viewerVideoState(actor, row),
    relatedVideos(row),
    visible
      ? recordView(
          row.id,
          viewerKey(actor, {
            address: clientIp(request),
            userAgent: request.headers.get("user-agent") ?? "",
          }),
        )
      : Promise.resolve(false),
  ]);
  return {
    video: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      descriptionHtml: row.descriptionHtml,
      tags: row.tags,
      embed:
        row.embedProvider && row.embedId ? { provider: row.embedProvider, id: row.embedId } : null,
      // An upload plays from this site (the media engine serves it with range requests, to the
      // viewers the videos' access rule allows).
      file: row.mediaFileId
        ? { src: `/media/files/${row.mediaFileId}`, poster: row.posterUrl }
        : null,
      views: row.views + (counted ? 1 : 0),
      rating: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
      ratingCount: row.ratingCount,
      status: row.status,
      isActive: row.isActive,
      public: visible,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      uploaderName: row.uploaderName ?? "",
      uploaderSlug: row.uploaderSlug,
    },
    thread,
    viewerId: actor?.id ?? null,
    viewerState: state,
    signedIn: actor !== null,
    permissions: videoPermissions(actor, row),
    related,
  };
}

/** What a video's comment thread takes from the discussions engine (no post to edit or delete). */
const COMMENT_INTENTS = new Set(["comment", "react", "edit-comment", "delete-comment", "report"]);

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const actor = viewer.actor;
  // The comment intents read the body themselves (runThreadAction): look at a copy first.
  const form = await readForm(request.clone());
  const intent = String(form.get("intent") ?? "");
  if (COMMENT_INTENTS.has(intent)) {
    const row = await videoBySlug(actor, params.slug);
    if (!row || !isPubliclyVisible(row))
      return actionError({ formError: "videos.errors.notFound" }, 404);
    const rules = rulesFor(viewer)!;
    const scope = { covenId: null, videoId: row.id };
    const thread = await threadTarget(await ensureVideoThread(row), rules, scope);
    if (!thread) return actionError({ formError: "videos.errors.notFound" }, 404);
    const path = videoThreadHref(row.slug);
    return runThreadAction(request, rules, thread, { scope, path, afterDelete: path });
  }
  try {
    if (intent.startsWith("video-")) {
      const parsed = validateForm(form, videoModerationSchema, { toast: true });
      if (!parsed.ok) return parsed.response;
      const decision = parsed.data.intent.slice("video-".length) as
        "publish" | "reject" | "hide" | "show" | "delete";
      await moderateVideo(actor, parsed.data.videoId, decision);
      if (decision === "delete") throw redirect("/videos");
      return actionOk({ toast: { key: `videos.moderation.done.${decision}` } });
    }
    const parsed = validateForm(form, videoActionSchema, { toast: true });
    if (!parsed.ok) return parsed.response;
    const row = await videoBySlug(actor, params.slug);
    if (!row) return actionError({ formError: "videos.errors.notFound" }, 404);
    const input = parsed.data;
    if (input.intent === "rate") {
      await rateVideo(actor, row.id, input.rating);
      return actionOk({ toast: { key: "videos.page.rated" } });
    }
    const target =
      input.intent === "follow-uploader"
        ? { kind: "uploader" as const, target: row.uploaderId }
        : { kind: "tag" as const, target: input.tag };
    await setFollow(actor, target, input.follow === "on");
    return actionOk({
      toast: { key: input.follow === "on" ? "videos.page.followed" : "videos.page.unfollowed" },
    });
  } catch (error) {
    if (error instanceof VideoRefusedError) {
      return actionError(
        { formError: `videos.errors.${error.reason}` },
        error.reason === "notFound" ? 404 : 403,
      );
    }
    throw error;
  }
}

export default function VideoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const navigation = useNavigation();
  const { video, viewerState, permissions, related, signedIn, thread } = loaderData;
  const sendingComment =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "comment" &&
    !navigation.formData?.get("parentId");
  const date = video.publishedAt
    ? dateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(video.publishedAt))
    : null;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <article className="min-w-0">
        {video.embed ? <EmbedPlayer embed={video.embed} title={video.title} /> : null}
        {video.file ? (
          <VideoPlayer src={video.file.src} poster={video.file.poster} title={video.title} />
        ) : null}
        <h1 dir="auto" className="mt-4 text-2xl font-semibold break-words">
          {video.title}
        </h1>
        {video.status !== "published" || !video.isActive ? (
          <p
            role="status"
            className="mt-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
          >
            {video.status === "pending"
              ? t("videos.page.pendingReview")
              : video.status === "rejected"
                ? t("videos.page.rejected")
                : t("videos.page.hidden")}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <VideoStats video={video} />
          {date ? (
            <p className="text-sm text-muted-foreground">{t("videos.page.published", { date })}</p>
          ) : null}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span>
            {t("videos.card.by")}{" "}
            {video.uploaderSlug ? (
              <Link
                to={`/profile/${encodeURIComponent(video.uploaderSlug)}`}
                className="font-medium hover:underline"
              >
                <bdi>{video.uploaderName}</bdi>
              </Link>
            ) : (
              <bdi>{video.uploaderName}</bdi>
            )}
          </span>
          {permissions.canFollowUploader ? (
            <IntentButton
              intent="follow-uploader"
              fields={{ follow: viewerState.followsUploader ? "off" : "on" }}
              variant={viewerState.followsUploader ? "secondary" : "outline"}
            >
              {viewerState.followsUploader ? (
                <BellOff aria-hidden="true" />
              ) : (
                <Bell aria-hidden="true" />
              )}
              {viewerState.followsUploader
                ? t("videos.page.unfollowUploader")
                : t("videos.page.followUploader")}
            </IntentButton>
          ) : null}
        </div>

        {permissions.canModerate ? (
          <div className="mt-4">
            <VideoModerationButtons video={video} />
          </div>
        ) : null}

        {video.descriptionHtml ? (
          <section className="mt-6" aria-labelledby="video-description">
            <h2 id="video-description" className="sr-only">
              {t("videos.page.description")}
            </h2>
            <RenderedMarkdown html={video.descriptionHtml} />
          </section>
        ) : null}

        {video.tags.length > 0 ? (
          <section className="mt-6" aria-labelledby="video-tags">
            <h2 id="video-tags" className="text-sm font-semibold">
              {t("videos.page.tags")}
            </h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {video.tags.map((tag) => {
                const following = viewerState.followedTags.includes(tag);
                return (
                  <li key={tag} className="flex items-center gap-1">
                    <Link to={`/videos?tag=${encodeURIComponent(tag)}`}>
                      <Badge variant="secondary">
                        <bdi>#{tag}</bdi>
                      </Badge>
                    </Link>
                    {permissions.canFollowTags ? (
                      <IntentButton
                        intent="follow-tag"
                        fields={{ tag, follow: following ? "off" : "on" }}
                        variant="ghost"
                        label={
                          following
                            ? t("videos.page.unfollowTag", { tag })
                            : t("videos.page.followTag", { tag })
                        }
                      >
                        {following ? <BellOff aria-hidden="true" /> : <Bell aria-hidden="true" />}
                      </IntentButton>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}

        <section className="mt-6 rounded-xl border border-border p-4" aria-labelledby="video-rate">
          <h2 id="video-rate" className="text-sm font-semibold">
            {t("videos.page.rate")}
          </h2>
          {permissions.canRate ? (
            <div className="mt-2 space-y-2">
              {viewerState.myRating !== null ? (
                <p className="text-sm text-muted-foreground">
                  {t("videos.page.yourRating", { rating: viewerState.myRating })}
                </p>
              ) : null}
              <RatingForm myRating={viewerState.myRating} />
            </div>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">
              {signedIn ? t("videos.page.cannotRate") : t("videos.page.signInToRate")}
            </p>
          )}
        </section>

        {thread ? (
          <>
            <ReactionIconSprite />
            <CommentsSection
              thread={thread}
              path={videoThreadHref(video.slug)}
              can={{
                viewerId: loaderData.viewerId,
                canComment: thread.commentRefusal === null,
                canAccept: false,
                acceptedId: null,
              }}
              failure={failureOf(actionData)}
              busy={sendingComment}
            />
          </>
        ) : null}
      </article>

      <aside aria-labelledby="related-videos">
        <h2 id="related-videos" className="text-lg font-semibold">
          {t("videos.page.related")}
        </h2>
        {related.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("videos.page.noRelated")}</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
            {related.map((item) => (
              <VideoCard key={item.slug} video={item} />
            ))}
          </ul>
        )}
      </aside>
    </div>
  );
}
