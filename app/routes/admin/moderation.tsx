import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, data } from "react-router";
import { toast } from "#app/components/ui/toast";
import type { Route } from "./+types/moderation";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { relativeTime } from "#app/lib/relative-time";
import { requireAdmin } from "#app/modules/auth/viewer.server";
import { decide, moderationQueue, resolveReport } from "#app/modules/discussions/moderation.server";
import { isolate } from "#app/lib/bidi";
import { IsolatedText } from "#app/components/isolated-text";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin.moderation.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return moderationQueue();
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = String(form.get("id") ?? "");
  if (!/^[0-9a-f-]{36}$/i.test(id)) return data({ message: "errors.badRequest", ok: false }, { status: 400 });
  if (intent === "resolve") {
    await resolveReport(viewer.user.id, id);
    return { ok: true, message: "admin.moderation.resolved" };
  }
  const type = form.get("type") === "comment" ? "comment" : "post";
  if (intent !== "approve" && intent !== "reject") return data({ message: "errors.badRequest", ok: false }, { status: 400 });
  const done = await decide(viewer.user.id, { type, id }, intent);
  if (!done) return data({ ok: false, message: "discussions.refusals.notFound" }, { status: 409 });
  return { ok: true, message: intent === "approve" ? "admin.moderation.approved" : "admin.moderation.rejected" };
}

function DecisionButtons({ type, id }: { type: "post" | "comment"; id: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      {(["approve", "reject"] as const).map((intent) => (
        <Form method="post" key={intent}>
          <input type="hidden" name="type" value={type} />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" name="intent" value={intent} size="sm" variant={intent === "approve" ? "default" : "outline"}>
            {t(`admin.moderation.${intent}`)}
          </Button>
        </Form>
      ))}
    </div>
  );
}

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(t(actionData.message));
    else toast.error(t(actionData.message));
  }, [actionData, t]);
  const { posts, comments, reports } = loaderData;
  const nothing = posts.length === 0 && comments.length === 0;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.moderation.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.moderation.text")}</p>
        {nothing ? <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">{t("admin.moderation.empty")}</p> : null}
      </div>
      {posts.length ? (
        <section>
          <h3 className="text-lg font-semibold">{t("admin.moderation.posts")}</h3>
          <ul className="mt-3 space-y-3">
            {posts.map((p) => (
              <li key={p.id} className="rounded-xl border border-border bg-card p-4" data-testid="pending-post">
                <Link to={`/discussions/${p.slug}`} className="font-medium hover:underline">
                  <bdi>{p.title}</bdi>
                </Link>
                <p className="text-xs text-muted-foreground">
                  <IsolatedText text={t("admin.moderation.by", { name: isolate(p.author) })} /> · {relativeTime(p.createdAt, t, i18n.language)}
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
              <li key={c.id} className="rounded-xl border border-border bg-card p-4" data-testid="pending-comment">
                <p className="text-xs text-muted-foreground">
                  <IsolatedText text={t("admin.moderation.by", { name: isolate(c.author) })} /> · <IsolatedText text={t("admin.moderation.inThread", { title: isolate(c.postTitle) })} /> · {relativeTime(c.createdAt, t, i18n.language)}
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
      <section>
        <h3 className="text-lg font-semibold">{t("admin.moderation.reports")}</h3>
        {reports.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t("admin.moderation.noReports")}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {reports.map((r) => (
              <li key={r.id} className="rounded-xl border border-border bg-card p-4">
                <p className="text-xs text-muted-foreground">
                  <IsolatedText text={t("admin.moderation.reportedBy", { name: isolate(r.reporter) })} /> · {relativeTime(r.createdAt, t, i18n.language)}
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
                  {r.targetSlug ? (
                    <Button asChild size="sm" variant="outline">
                      <Link to={`/discussions/${r.targetSlug}${r.targetType === "comment" ? `#comment-${r.targetId}` : ""}`}>{t("admin.moderation.viewTarget")}</Link>
                    </Button>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <Button type="submit" name="intent" value="resolve" size="sm" variant="secondary">
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
