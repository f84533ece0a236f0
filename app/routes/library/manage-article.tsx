import { ArrowDown, ArrowUp, ExternalLink, Trash2 } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/manage-article";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { FormField } from "#app/components/form-field";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { idParam, idSchema } from "#app/lib/ids";
import { numberFormat } from "#app/lib/intl";
import { requireAdmin } from "#app/modules/auth/index.server";
import { ARTICLE_LIMITS } from "#app/modules/library";
import {
  LibraryRefusedError,
  addChapter,
  adminArticle,
  adminCategories,
  deleteArticle,
  deleteChapter,
  libraryRefusal,
  moveChapter,
  setArticleStatus,
  updateArticle,
  updateChapter,
  uploadedArticleCover,
} from "#app/modules/library/index.server";
import { articleFieldsSchema, chapterFieldsSchema } from "#app/modules/library/validation";
import { ArticleForm } from "#app/modules/library/components/article-form";
import { MarkdownEditor } from "#app/modules/discussions/components/markdown-editor";

export const handle = {
  texts: ["admin", "library", "discussions"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaderData) =>
    loaderData ? loaderData.article.title : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.loaderData ? { text: args.loaderData.article.title } : "library.manage.title",
    { noindex: true },
  );

/** `/content-management/:id`: an article's fields, status, publish time and chapters. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const viewer = await requireAdmin({ request, url });
  const id = idParam(params.id);
  const found = await adminArticle(viewer.actor, id);
  if (!found) throw data(null, { status: 404 });
  const now = new Date();
  return {
    ...found,
    scheduled:
      found.article.status === "published" &&
      found.article.publishAt !== null &&
      found.article.publishAt > now,
    categories: await adminCategories(viewer.actor, found.article.type),
    created: url.searchParams.has("created"),
  };
}

const intentSchema = z.object({
  intent: z.enum(
    [
      "save",
      "publish",
      "unpublish",
      "delete",
      "chapter-add",
      "chapter-save",
      "chapter-up",
      "chapter-down",
      "chapter-delete",
    ],
    "errors.badRequest",
  ),
});
const chapterIdSchema = z.object({ chapterId: idSchema });

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const id = idParam(params.id);
  const form = await readForm(request);
  const picked = validateForm(form, intentSchema, { toast: true });
  if (!picked.ok) return picked.response;
  const { intent } = picked.data;
  try {
    switch (intent) {
      case "save": {
        const parsed = validateForm(form, articleFieldsSchema);
        if (!parsed.ok) return parsed.response;
        const cover = await uploadedArticleCover(form);
        if ("error" in cover)
          return actionError({ fieldErrors: { cover: cover.error }, values: parsed.values });
        await updateArticle(viewer.actor, id, parsed.data, cover.url);
        return actionOk({ toast: { key: "library.toasts.saved" } });
      }
      case "publish":
      case "unpublish":
        await setArticleStatus(viewer.actor, id, intent === "publish" ? "published" : "draft");
        return actionOk({
          toast: {
            key: intent === "publish" ? "library.toasts.published" : "library.toasts.unpublished",
          },
        });
      case "delete":
        await deleteArticle(viewer.actor, id);
        throw redirect("/content-management?deleted=1");
      case "chapter-add": {
        const parsed = validateForm(form, chapterFieldsSchema);
        if (!parsed.ok) return parsed.response;
        await addChapter(viewer.actor, id, parsed.data);
        return actionOk({ toast: { key: "library.toasts.chapterAdded" } });
      }
      case "chapter-save": {
        const parsed = validateForm(form, chapterFieldsSchema.extend(chapterIdSchema.shape));
        if (!parsed.ok) return parsed.response;
        await updateChapter(viewer.actor, id, parsed.data.chapterId, parsed.data);
        return actionOk({ toast: { key: "library.toasts.chapterSaved" } });
      }
      case "chapter-up":
      case "chapter-down":
      case "chapter-delete": {
        const parsed = validateForm(form, chapterIdSchema, { toast: true });
        if (!parsed.ok) return parsed.response;
        if (intent === "chapter-delete") {
          await deleteChapter(viewer.actor, id, parsed.data.chapterId);
          return actionOk({ toast: { key: "library.toasts.chapterDeleted" } });
        }
        await moveChapter(
          viewer.actor,
          id,
          parsed.data.chapterId,
          intent === "chapter-up" ? "up" : "down",
        );
        return actionOk();
      }
    }
  } catch (error) {
    if (error instanceof LibraryRefusedError) return libraryRefusal(error, picked.values);
    throw error;
  }
}

export default function ManageArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const { article, chapters, categories, scheduled } = loaderData;
  const numbers = numberFormat(i18n.language);
  const sent = failure?.values ?? {};
  const articleErrors = sent.intent === "save" ? (failure?.fieldErrors ?? {}) : {};
  const chapterErrors = (chapterId: string) =>
    sent.intent === "chapter-save" && sent.chapterId === chapterId
      ? (failure?.fieldErrors ?? {})
      : {};
  const addErrors = sent.intent === "chapter-add" ? (failure?.fieldErrors ?? {}) : {};
  const viewHref = `/article/${article.type}/${article.id}`;
  return (
    <section aria-labelledby="article-edit-title">
      <Link to="/content-management" className="text-sm text-primary hover:underline">
        {t("library.manage.back")}
      </Link>
      <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="article-edit-title" className="text-2xl font-semibold" dir="auto">
            {article.title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{t(`library.types.${article.type}.singular`)}</span>
            <Badge variant={article.status === "draft" ? "outline" : "secondary"}>
              {article.status === "draft"
                ? t("library.status.draft")
                : scheduled
                  ? t("library.status.scheduled")
                  : t("library.status.published")}
            </Badge>
            <span>
              {t("library.manage.viewsCount", {
                count: article.views,
                value: numbers.format(article.views),
              })}
            </span>
            <span>
              {t("library.manage.readersCount", {
                count: article.readers,
                value: numbers.format(article.readers),
              })}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={viewHref}>
              <ExternalLink aria-hidden="true" />
              {t("library.manage.view")}
            </Link>
          </Button>
          <IntentButton
            intent={article.status === "draft" ? "publish" : "unpublish"}
            variant={article.status === "draft" ? "default" : "outline"}
          >
            {article.status === "draft"
              ? t("library.manage.publish")
              : t("library.manage.unpublish")}
          </IntentButton>
        </div>
      </div>
      {loaderData.created && article.status === "draft" ? (
        <p className="mt-3 rounded-md border border-border bg-muted/50 p-3 text-sm" role="status">
          {t("library.manage.createdNote")}
        </p>
      ) : null}

      <div className="mt-6">
        <ArticleForm
          key={`${article.id}-${article.updatedAt.toString()}`}
          values={
            sent.intent === "save"
              ? sent
              : {
                  type: article.type,
                  title: article.title,
                  summary: article.summary,
                  body: article.body,
                  categoryId: article.categoryId ?? "",
                  isPremium: article.isPremium ? "on" : "",
                  publishAt: article.publishAt ? new Date(article.publishAt).toISOString() : "",
                  materials: article.materials,
                  timing: article.timing,
                  steps: article.steps,
                }
          }
          errors={articleErrors}
          categories={categories}
          typeFixed
          cover={article.coverUrl}
          submitLabel={t("library.form.save")}
        />
      </div>

      <section className="mt-10 max-w-3xl" aria-labelledby="chapters-title">
        <h3 id="chapters-title" className="text-xl font-semibold">
          {t("library.manage.chaptersTitle")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("library.manage.chaptersIntro")}</p>
        {chapters.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">{t("library.manage.noChapters")}</p>
        ) : (
          <ol className="mt-4 space-y-3">
            {chapters.map((chapter, index) => (
              <li key={chapter.id} className="rounded-xl border border-border bg-card p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium" dir="auto">
                    {index + 1}. {chapter.title}
                  </span>
                  <div className="flex gap-1">
                    {(["up", "down"] as const).map((direction) =>
                      (direction === "up" ? index === 0 : index === chapters.length - 1) ? (
                        <Button
                          key={direction}
                          type="button"
                          size="sm"
                          variant="ghost"
                          disabled
                          aria-label={t(
                            direction === "up"
                              ? "library.manage.moveUp"
                              : "library.manage.moveDown",
                            { title: chapter.title },
                          )}
                        >
                          {direction === "up" ? (
                            <ArrowUp aria-hidden="true" />
                          ) : (
                            <ArrowDown aria-hidden="true" />
                          )}
                        </Button>
                      ) : (
                        <IntentButton
                          key={direction}
                          intent={`chapter-${direction}`}
                          fields={{ chapterId: chapter.id }}
                          variant="ghost"
                          label={t(
                            direction === "up"
                              ? "library.manage.moveUp"
                              : "library.manage.moveDown",
                            { title: chapter.title },
                          )}
                        >
                          {direction === "up" ? (
                            <ArrowUp aria-hidden="true" />
                          ) : (
                            <ArrowDown aria-hidden="true" />
                          )}
                        </IntentButton>
                      ),
                    )}
                    <IntentButton
                      intent="chapter-delete"
                      fields={{ chapterId: chapter.id }}
                      variant="ghost"
                      label={t("library.manage.deleteChapter", { title: chapter.title })}
                      confirm={t("library.manage.deleteChapterConfirm", { title: chapter.title })}
                    >
                      <Trash2 aria-hidden="true" />
                    </IntentButton>
                  </div>
                </div>
                <details className="mt-2" open={Object.keys(chapterErrors(chapter.id)).length > 0}>
                  <summary className="cursor-pointer text-sm text-primary">
                    {t("library.manage.editChapter")}
                  </summary>
                  <ChapterForm
                    intent="chapter-save"
                    chapterId={chapter.id}
                    values={
                      sent.intent === "chapter-save" && sent.chapterId === chapter.id
                        ? sent
                        : { title: chapter.title, body: chapter.body }
                    }
                    errors={chapterErrors(chapter.id)}
                    submitLabel={t("library.manage.saveChapter")}
                  />
                </details>
              </li>
            ))}
          </ol>
        )}
        <details
          className="mt-4 rounded-xl border border-dashed border-border p-4"
          open={Object.keys(addErrors).length > 0 || chapters.length === 0}
        >
          <summary className="cursor-pointer font-medium">{t("library.manage.addChapter")}</summary>
          <ChapterForm
            key={chapters.length}
            intent="chapter-add"
            values={sent.intent === "chapter-add" ? sent : {}}
            errors={addErrors}
            submitLabel={t("library.manage.addChapter")}
          />
        </details>
      </section>

      <section
        className="mt-10 max-w-3xl border-t border-border pt-6"
        aria-labelledby="danger-title"
      >
        <h3 id="danger-title" className="text-lg font-semibold">
          {t("library.manage.deleteTitle")}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{t("library.manage.deleteText")}</p>
        <div className="mt-3">
          <IntentButton
            intent="delete"
            variant="destructive"
            confirm={t("library.manage.deleteConfirm", { title: article.title })}
          >
            <Trash2 aria-hidden="true" />
            {t("library.manage.delete")}
          </IntentButton>
        </div>
      </section>
    </section>
  );
}

function ChapterForm({
  intent,
  chapterId,
  values,
  errors,
  submitLabel,
}: {
  intent: "chapter-add" | "chapter-save";
  chapterId?: string;
  values: { title?: string; body?: string };
  errors: Record<string, string>;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="mt-3 space-y-4" noValidate>
      {chapterId ? <input type="hidden" name="chapterId" value={chapterId} /> : null}
      <FormField
        label={t("library.form.chapterTitle")}
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={ARTICLE_LIMITS.chapterTitle}
        dir="auto"
        required
      />
      <MarkdownEditor
        name="body"
        label={t("library.form.chapterBody")}
        defaultValue={values.body}
        error={errors.body}
        maxLength={ARTICLE_LIMITS.chapterBody}
        rows={10}
      />
      <Button type="submit" name="intent" value={intent} size="sm">
        {submitLabel}
      </Button>
    </Form>
  );
}
