import { useTranslation } from "#app/i18n/react";
import { Form, Link } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/moderation";
import { actionError, actionOk, readForm, validateForm } from "#app/lib/form";
import { moderationActionSchema } from "#app/modules/discussions/validation";
import { Button } from "#app/components/ui/button";
import { relativeTime } from "#app/lib/relative-time";
import { requireAdmin } from "#app/modules/auth/index.server";
import { commentLink } from "#app/modules/discussions";
import {
  decide,
  decideEdit,
  moderationQueue,
  resolveReport,
} from "#app/modules/discussions/index.server";
import { pageMeta } from "#app/i18n/meta";
import { isolate } from "#app/lib/bidi";
import { IsolatedText } from "#app/components/isolated-text";
import { moderateVideo, pendingVideos, VideoRefusedError } from "#app/modules/videos/index.server";
import { VideoModerationButtons } from "#app/modules/videos/components/moderation-buttons";
import { videoModerationSchema } from "#app/modules/videos/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["discussions", "videos"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.moderation.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const [queue, videos] = await Promise.all([moderationQueue(), pendingVideos()]);
  return { ...queue, videos };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  // Videos waiting for review (videos module): `video-publish`, `video-reject`, …
  if (String(form.get("intent") ?? "").startsWith("video-")) {
    const video = validateForm(form, videoModerationSchema, { toast: true });
    if (!video.ok) return video.response;
    const decision = video.data.intent.slice("video-".length) as
      "publish" | "reject" | "hide" | "show" | "delete";
    try {
      await moderateVideo(viewer.actor, video.data.videoId, decision);
    } catch (error) {
      if (error instanceof VideoRefusedError) {
        return actionError({ formError: `videos.errors.${error.reason}` }, 409);
      }
      throw error;
    }
    return actionOk({ toast: { key: `videos.moderation.done.${decision}` } });
  }
  const parsed = validateForm(form, moderationActionSchema, { toast: true });
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  if (input.intent === "resolve") {
    await resolveReport(viewer.user.id, input.id);
    return actionOk({ toast: { key: "admin.moderation.resolved" } });
  }
  const target = { type: input.type, id: input.id };
  const isEdit = input.scope === "edit";
  const done = isEdit
    ? await decideEdit(viewer.user.id, target, input.intent)
    : await decide(viewer.user.id, target, input.intent);
  if (!done) return actionError({ formError: "discussions.refusals.notFound" }, 409);
  if (isEdit)
    return actionOk({
      toast: {
        key:
          input.intent === "approve"
            ? "admin.moderation.editApproved"
            : "admin.moderation.editRejected",
      },
    });
  return actionOk({
    toast: {
      key: input.intent === "approve" ? "admin.moderation.approved" : "admin.moderation.rejected",
    },
  });
}

function DecisionButtons({
  type,
  id,
  scope = "content",
}: {
  type: "post" | "comment";
  id: string;
  scope?: "content" | "edit";
}) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      {(["approve", "reject"] as const).map((intent) => (
        <Form method="post" key={intent}>
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="scope" value={scope} />
          <Button
            type="submit"
            name="intent"
            value={intent}
            size="sm"
            variant={intent === "approve" ? "default" : "outline"}
          >
            {t(`admin.moderation.${intent}`)}
          </Button>
        </Form>
      ))}
    </div>
  );
}

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const { posts, comments, edits, reports, videos } = loaderData;
  const nothing =
    posts.length === 0 && comments.length === 0 && edits.length === 0 && videos.length === 0;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.moderation.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.moderation.text")}</p>
        {nothing ? (
          <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {t("admin.moderation.empty")}
          </p>
        ) : null}
      </div>
      {videos.length ? (
        <section>
          <h3 className="text-lg font-semibold">{t("videos.moderation.title")}</h3>
          <ul className="mt-3 space-y-3">
            {videos.map((v) => (
              <li
                key={v.id}
                className="rounded-xl border border-border bg-card p-4"
                data-testid="pending-video"
              >
                <Link
                  to={`/video/${encodeURIComponent(v.slug)}`}
                  className="font-medium hover:underline"
                >
                  <bdi>{v.title}</bdi>
                </Link>
                <p className="text-xs text-muted-foreground">
                  <IsolatedText
                    text={t("admin.moderation.by", { name: isolate(v.uploaderName ?? "") })}
                  />{" "}
                  · {relativeTime(v.createdAt, t, i18n.language)}
                  {v.embedProvider ? ` · ${t(`videos.card.${v.embedProvider}`)}` : null}
                </p>
                <div className="mt-3">
                  <VideoModerationButtons video={{ id: v.id, status: "pending", isActive: true }} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {posts.length ? (
        <section>
          <h3 className="text-lg font-semibold">{t("admin.moderation.posts")}</h3>
          <ul className="mt-3 space-y-3">
            {posts.map((p) => (
              <li
                key={p.id}
                className="rounded-xl border border-border bg-card p-4"
                data-testid="pending-post"
              >
                <Link to={p.path} className="font-medium hover:underline">
                  <bdi>{p.title}</bdi>
                </Link>
                <p className="text-xs text-muted-foreground">
                  <IsolatedText text={t("admin.moderation.by", { name: isolate(p.author) })} /> ·{" "}
                  {relativeTime(p.createdAt, t, i18n.language)}
                </p>
                <p className="mt-2 text-sm" dir="auto">
                  {p.excerpt}
                </p>
                <div className="mt-3">
                  <DecisionButtons type="post" id={p.id} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {comments.length ? (
        <section>
          <h3 className="text-lg font-semibold">{t("admin.moderation.comments")}</h3>
          <ul className="mt-3 space-y-3">
            {comments.map((c) => (
              <li
                key={c.id}
                className="rounded-xl border border-border bg-card p-4"
                data-testid="pending-comment"
              >
                <p className="text-xs text-muted-foreground">
                  <IsolatedText text={t("admin.moderation.by", { name: isolate(c.author) })} /> ·{" "}
                  <IsolatedText
                    text={t("admin.moderation.inThread", { title: isolate(c.postTitle) })}
                  />{" "}
                  · {relativeTime(c.createdAt, t, i18n.language)}
                </p>
                <p className="mt-2 text-sm whitespace-pre-line" dir="auto">
                  {c.excerpt}
                </p>
                <div className="mt-3">
                  <DecisionButtons type="comment" id={c.id} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {edits.length ? (
        <section>
          <h3 className="text-lg font-semibold">{t("admin.moderation.edits")}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{t("admin.moderation.editsText")}</p>
          <ul className="mt-3 space-y-3">
            {edits.map((e) => (
              <li
                key={e.id}
                className="rounded-xl border border-border bg-card p-4"
                data-testid="held-edit"
              >
                <Link
                  to={e.type === "comment" ? commentLink(e.path, e.id) : e.path}
                  className="font-medium hover:underline"
                >
                  {e.title}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {t(
                    e.type === "post"
                      ? "admin.moderation.postEditBy"
                      : "admin.moderation.commentEditBy",
                    { name: e.author },
                  )}{" "}
                  · {relativeTime(e.heldAt, t, i18n.language)}
                </p>
                <div className="mt-2 grid gap-3 text-sm md:grid-cols-2">
                  <div>
                    <p className="text-xs font-medium text-muted-foreground uppercase">
                      {t("admin.moderation.editBefore")}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{e.before}</p>
                  </div>
                  <div>
                    <p className="text-xs font-medium text-muted-foreground uppercase">
                      {t("admin.moderation.editAfter")}
                    </p>
                    {e.heldTitle ? <p className="mt-1 font-medium">{e.heldTitle}</p> : null}
                    <p className="mt-1 whitespace-pre-line">{e.after}</p>
                  </div>
                </div>
                <div className="mt-3">
                  <DecisionButtons type={e.type} id={e.id} scope="edit" />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h3 className="text-lg font-semibold">{t("admin.moderation.reports")}</h3>
        {reports.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("admin.moderation.noReports")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {reports.map((r) => (
              <li key={r.id} className="rounded-xl border border-border bg-card p-4">
                <p className="text-xs text-muted-foreground">
                  <IsolatedText
                    text={t("admin.moderation.reportedBy", { name: isolate(r.reporter) })}
                  />{" "}
                  · {relativeTime(r.createdAt, t, i18n.language)}
                </p>
                <p className="mt-1 text-sm font-medium" dir="auto">
                  {r.reason}
                </p>
                {r.targetText ? (
                  <p className="mt-1 text-sm text-muted-foreground">
                    “<bdi>{r.targetText}</bdi>”
                  </p>
                ) : null}
                <div className="mt-3 flex gap-3">
                  {r.targetPath ? (
                    <Button asChild size="sm" variant="outline">
                      <Link
                        to={
                          r.targetType === "comment"
                            ? commentLink(r.targetPath, r.targetId)
                            : r.targetPath
                        }
                      >
                        {t("admin.moderation.viewTarget")}
                      </Link>
                    </Button>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="resolve"
                      size="sm"
                      variant="secondary"
                    >
                      {t("admin.moderation.resolve")}
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
