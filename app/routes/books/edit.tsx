import { useState } from "react";
import { ArrowDown, ArrowUp, Eye, Plus, Trash2 } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/edit";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { ImageFileField } from "#app/components/ui/image-file-field";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { FieldError } from "#app/components/ui/field-error";
import { useTranslation } from "#app/i18n/react";
import { textKey } from "#app/i18n/i18n";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { LANGUAGES } from "#app/i18n/locales";
import {
  actionError,
  actionOk,
  failureOf,
  readForm,
  validateForm,
  validateValues,
  formValues,
} from "#app/lib/form";
import { idParam } from "#app/lib/ids";
import { numberFormat } from "#app/lib/intl";
import { useActionToast } from "#app/hooks/use-action-toast";
import { NotAllowedError } from "#app/modules/auth";
import { requireUser } from "#app/modules/auth/index.server";
import { formatMoney, membershipPricing, minorUnitDigits } from "#app/modules/memberships";
import { getPublicSettings } from "#app/modules/settings/index.server";
import {
  addChapter,
  BookRefusedError,
  deleteChapter,
  editorBook,
  moveChapter,
  renameChapter,
  updateBookDetails,
  uploadedBookCover,
} from "#app/modules/books/index.server";
import { BOOK_LIMITS, BOOK_STATUSES } from "#app/modules/books";
import {
  addChapterSchema,
  bookDetailsSchema,
  chapterIdSchema,
  moveChapterSchema,
  renameChapterSchema,
} from "#app/modules/books/validation";
import { ChapterEditor } from "#app/modules/books/components/chapter-editor";
import { RevisionHistory } from "#app/modules/books/components/revision-history";

export const handle = {
  texts: ["books"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.book.title ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "books.editor.title", { noindex: true });

function notFound(): never {
  throw data(null, { status: 404 });
}

/** SPEC §2 /book-forge/edit/{bookId}: the book's author, co-authors and admins; 404 for anyone else. */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const bookId = idParam(params.bookId);
  try {
    const { book, chapters, coAuthors } = await editorBook(viewer.actor, bookId);
    const { currency } = membershipPricing(await getPublicSettings());
    const asked = url.searchParams.get("chapter");
    const current = chapters.find((chapter) => chapter.id === asked) ?? chapters[0]!;
    return {
      book: {
        id: book.id,
        slug: book.slug,
        title: book.title,
        subtitle: book.subtitle,
        description: book.description,
        coverUrl: book.coverUrl,
        language: book.language,
        category: book.category,
        tags: book.tags.join(", "),
        price: (book.price / 10 ** minorUnitDigits(currency)).toFixed(minorUnitDigits(currency)),
        priceMinor: book.price,
        status: book.status,
        includedWithMembership: book.includedWithMembership,
        hiddenReason: book.hiddenReason,
        isAuthor: book.authorId === viewer.actor.id || viewer.actor.isAdmin,
      },
      coAuthors: coAuthors.map((co) => co.slug).join(", "),
      currency,
      chapters: chapters.map(({ id, position, title, words, version, body }) => ({
        id,
        position,
        title,
        words,
        version,
        body: id === current.id ? body : "",
      })),
      currentId: current.id,
    };
  } catch (error) {
    if (error instanceof BookRefusedError) notFound();
    throw error;
  }
}

const intentSchema = z.object({
  intent: z.enum(
    ["details", "chapter-add", "chapter-rename", "chapter-up", "chapter-down", "chapter-delete"],
    "errors.badRequest",
  ),
});

export async function action({ request, url, params }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const bookId = idParam(params.bookId);
  const form = await readForm(request);
  const picked = validateForm(form, intentSchema, { toast: true });
  if (!picked.ok) return picked.response;
  try {
    switch (picked.data.intent) {
      case "details": {
        const values = formValues(form);
        const parsed = validateValues(form, values, bookDetailsSchema);
        if (!parsed.ok) return parsed.response;
        const cover = await uploadedBookCover(form);
        if ("error" in cover)
          return actionError({ fieldErrors: { cover: cover.error }, values: parsed.values });
        const { currency } = membershipPricing(await getPublicSettings());
        await updateBookDetails(viewer.actor, bookId, parsed.data, {
          currency,
          ...(cover.url ? { coverUrl: cover.url } : {}),
        });
        return actionOk({ toast: { key: "books.toasts.detailsSaved" } });
      }
      case "chapter-add": {
        const parsed = validateForm(form, addChapterSchema, { toast: true });
        if (!parsed.ok) return parsed.response;
        await addChapter(viewer.actor, bookId, parsed.data.title);
        return actionOk({ toast: { key: "books.toasts.chapterAdded" } });
      }
      case "chapter-rename": {
        const parsed = validateForm(form, renameChapterSchema, { toast: true });
        if (!parsed.ok) return parsed.response;
        await renameChapter(viewer.actor, parsed.data.chapterId, parsed.data.title);
        return actionOk({ toast: { key: "books.toasts.chapterRenamed" } });
      }
      case "chapter-up":
      case "chapter-down": {
        const parsed = validateForm(form, moveChapterSchema.omit({ direction: true }), {
          toast: true,
        });
        if (!parsed.ok) return parsed.response;
        await moveChapter(
          viewer.actor,
          parsed.data.chapterId,
          picked.data.intent === "chapter-up" ? "up" : "down",
        );
        return actionOk();
      }
      case "chapter-delete": {
        const parsed = validateForm(form, chapterIdSchema, { toast: true });
        if (!parsed.ok) return parsed.response;
        await deleteChapter(viewer.actor, parsed.data.chapterId);
        return actionOk({ toast: { key: "books.toasts.chapterDeleted" } });
      }
    }
  } catch (error) {
    if (error instanceof BookRefusedError) {
      if (error.reason === "notFound") notFound();
      const field: Record<string, string> =
        error.reason === "coAuthorUnknown" ? { coAuthors: "books.errors.coAuthorUnknown" } : {};
      return actionError(
        { formError: `books.errors.${error.reason}`, fieldErrors: field, values: formValues(form) },
        409,
      );
    }
    if (error instanceof NotAllowedError)
      return actionError({ formError: "books.errors.notAllowed" }, 403);
    throw error;
  }
}

type Chapter = Route.ComponentProps["loaderData"]["chapters"][number];

export default function EditBook({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const { book, chapters, currentId } = loaderData;
  const numbers = numberFormat(i18n.language);
  // Word counts and versions as autosave reports them, over what the page was loaded with.
  const [live, setLive] = useState<
    Record<string, { words: number; version: number; body: string }>
  >({});
  const [reset, setReset] = useState(0);
  const current = chapters.find((chapter) => chapter.id === currentId)!;
  const wordsOf = (chapter: Chapter) => live[chapter.id]?.words ?? chapter.words;
  const total = chapters.reduce((sum, chapter) => sum + wordsOf(chapter), 0);
  const onSaved = (chapterId: string, words: number, version: number, body: string) => {
    setLive((previous) => ({ ...previous, [chapterId]: { words, version, body } }));
  };
  const opened = live[current.id]
    ? { ...current, body: live[current.id]!.body, version: live[current.id]!.version }
    : current;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm">
            <Link to="/book-forge" className="text-primary hover:underline">
              {t("books.forge.title")}
            </Link>
          </p>
          <h1 className="text-2xl font-semibold break-words" dir="auto">
            {book.title}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t(`books.status.${book.status}`)} ·{" "}
            {t("books.editor.bookWords", { count: total, formatted: numbers.format(total) })}
          </p>
          {book.hiddenReason ? (
            <p role="note" className="mt-1 text-sm text-destructive">
              {t("books.editor.hiddenByAdmin", { reason: book.hiddenReason })}
            </p>
          ) : null}
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={`/book/${book.slug}`}>
            <Eye aria-hidden="true" />
            {t("books.editor.previewAsReader")}
          </Link>
        </Button>
      </header>

      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-labelledby="chapters-title" className="min-w-0">
          <h2 id="chapters-title" className="font-semibold">
            {t("books.editor.chapters")}
          </h2>
          <ol className="mt-2 space-y-1">
            {chapters.map((chapter, index) => (
              <li
                key={chapter.id}
                className={`rounded-md border p-2 ${chapter.id === current.id ? "border-primary bg-primary/5" : "border-border"}`}
              >
                <Link
                  to={`?chapter=${chapter.id}`}
                  aria-current={chapter.id === current.id ? "page" : undefined}
                  className="block text-sm font-medium break-words hover:underline"
                  dir="auto"
                >
                  {chapter.position}. {chapter.title}
                </Link>
                <div className="mt-1 flex items-center justify-between gap-1">
                  <span className="text-xs text-muted-foreground">
                    {t("books.editor.words", {
                      count: wordsOf(chapter),
                      formatted: numbers.format(wordsOf(chapter)),
                    })}
                  </span>
                  <span className="flex">
                    {index > 0 ? (
                      <IntentButton
                        intent="chapter-up"
                        fields={{ chapterId: chapter.id }}
                        variant="ghost"
                        label={t("books.editor.moveUp", { title: chapter.title })}
                      >
                        <ArrowUp aria-hidden="true" />
                      </IntentButton>
                    ) : null}
                    {index < chapters.length - 1 ? (
                      <IntentButton
                        intent="chapter-down"
                        fields={{ chapterId: chapter.id }}
                        variant="ghost"
                        label={t("books.editor.moveDown", { title: chapter.title })}
                      >
                        <ArrowDown aria-hidden="true" />
                      </IntentButton>
                    ) : null}
                    {chapters.length > 1 ? (
                      <IntentButton
                        intent="chapter-delete"
                        fields={{ chapterId: chapter.id }}
                        variant="ghost"
                        label={t("books.editor.deleteChapter", { title: chapter.title })}
                        confirm={t("books.editor.deleteConfirm", { title: chapter.title })}
                      >
                        <Trash2 aria-hidden="true" />
                      </IntentButton>
                    ) : null}
                  </span>
                </div>
              </li>
            ))}
          </ol>
          <Form method="post" className="mt-3 flex items-end gap-2">
            <input type="hidden" name="intent" value="chapter-add" />
            <div className="min-w-0 flex-1">
              <FormField
                label={t("books.editor.newChapter")}
                name="title"
                required
                maxLength={BOOK_LIMITS.chapterTitleMax}
              />
            </div>
            <Button type="submit" size="sm" aria-label={t("books.editor.addChapter")}>
              <Plus aria-hidden="true" />
            </Button>
          </Form>
        </aside>

        <section aria-labelledby="chapter-title" className="min-w-0 space-y-3">
          <Form
            method="post"
            className="flex flex-wrap items-end gap-2"
            key={`rename-${current.id}`}
          >
            <input type="hidden" name="intent" value="chapter-rename" />
            <input type="hidden" name="chapterId" value={current.id} />
            <div className="min-w-0 flex-1">
              <Label htmlFor="chapter-title">{t("books.editor.chapterTitle")}</Label>
              <input
                id="chapter-title"
                name="title"
                required
                defaultValue={current.title}
                maxLength={BOOK_LIMITS.chapterTitleMax}
                dir="auto"
                className="mt-1 w-full rounded-md border border-input bg-background px-3 py-2 text-lg font-semibold"
              />
            </div>
            <Button type="submit" variant="outline" size="sm">
              {t("books.editor.rename")}
            </Button>
          </Form>
          <ChapterEditor
            key={`${current.id}-${reset}`}
            bookId={book.id}
            chapter={opened}
            onSaved={onSaved}
          />
          <RevisionHistory
            bookId={book.id}
            chapterId={current.id}
            current={live[current.id]?.body ?? current.body}
            onRestored={(version, body) => {
              setLive((previous) => ({
                ...previous,
                [current.id]: {
                  version,
                  body,
                  words: previous[current.id]?.words ?? current.words,
                },
              }));
              setReset((n) => n + 1);
            }}
          />
        </section>
      </div>

      <BookDetailsForm loaderData={loaderData} actionData={actionData} />
    </div>
  );
}

function BookDetailsForm({
  loaderData,
  actionData,
}: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t, i18n } = useTranslation();
  const { book, coAuthors, currency } = loaderData;
  const failure = failureOf(actionData);
  const sent = failure?.values.intent === "details" ? failure.values : undefined;
  const errors = sent ? failure!.fieldErrors : {};
  const value = (name: keyof typeof book) => sent?.[name] ?? String(book[name] ?? "");
  const busy = useNavigation().state === "submitting";
  const error = (name: string) => (errors[name] ? t(textKey(errors[name])) : undefined);
  return (
    <section
      aria-labelledby="details-title"
      className="mt-10 rounded-xl border border-border bg-card p-4"
    >
      <h2 id="details-title" className="text-xl font-semibold">
        {t("books.details.title")}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4 md:grid-cols-2"
        noValidate
      >
        <input type="hidden" name="intent" value="details" />
        <FormField
          label={t("books.details.bookTitle")}
          name="title"
          required
          maxLength={BOOK_LIMITS.titleMax}
          defaultValue={value("title")}
          error={errors.title}
          dir="auto"
        />
        <FormField
          label={t("books.details.subtitle")}
          name="subtitle"
          maxLength={BOOK_LIMITS.subtitleMax}
          defaultValue={value("subtitle")}
          error={errors.subtitle}
          dir="auto"
        />
        <div className="space-y-1.5 md:col-span-2">
          <Label htmlFor="book-description">{t("books.details.description")}</Label>
          <Textarea
            id="book-description"
            name="description"
            rows={5}
            maxLength={BOOK_LIMITS.descriptionMax}
            defaultValue={value("description")}
            dir="auto"
            aria-invalid={errors.description ? true : undefined}
          />
          <FieldError message={error("description")} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="book-language">{t("books.details.language")}</Label>
          <select
            id="book-language"
            name="language"
            defaultValue={value("language")}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
          >
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code}>
                {language.nativeName}
              </option>
            ))}
          </select>
          <FieldError message={error("language")} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="book-status">{t("books.details.status")}</Label>
          <select
            id="book-status"
            name="status"
            defaultValue={value("status")}
            aria-describedby="book-status-hint"
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
          >
            {BOOK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`books.status.${status}`)}
              </option>
            ))}
          </select>
          <p id="book-status-hint" className="text-xs text-muted-foreground">
            {t("books.details.statusHint")}
          </p>
          <FieldError message={error("status")} />
        </div>
        <FormField
          label={t("books.details.category")}
          name="category"
          maxLength={BOOK_LIMITS.categoryMax}
          defaultValue={value("category")}
          error={errors.category}
          dir="auto"
        />
        <FormField
          label={t("books.details.tags")}
          name="tags"
          hint={t("books.details.tagsHint")}
          defaultValue={value("tags")}
          error={errors.tags}
          dir="auto"
        />
        <FormField
          label={t("books.details.price", { currency })}
          name="price"
          inputMode="decimal"
          hint={t("books.details.priceHint", {
            example: formatMoney(1250, currency, i18n.language),
          })}
          defaultValue={value("price")}
          error={errors.price}
          dir="ltr"
        />
        <div className="flex items-start gap-2 self-center">
          <input
            id="book-included"
            type="checkbox"
            name="includedWithMembership"
            defaultChecked={
              sent ? sent.includedWithMembership === "on" : book.includedWithMembership
            }
            className="mt-1"
          />
          <Label htmlFor="book-included" className="font-normal">
            {t("books.details.included")}
          </Label>
        </div>
        {book.isAuthor ? (
          <FormField
            label={t("books.details.coAuthors")}
            name="coAuthors"
            hint={t("books.details.coAuthorsHint")}
            defaultValue={sent?.coAuthors ?? coAuthors}
            error={errors.coAuthors}
            dir="ltr"
          />
        ) : (
          <input type="hidden" name="coAuthors" value={coAuthors} />
        )}
        <div className="md:col-span-2">
          <ImageFileField
            id="book-cover"
            name="cover"
            label={t("books.details.cover")}
            hint={t("books.details.coverHint")}
            error={error("cover")}
            remove={
              book.coverUrl ? { name: "removeCover", label: t("books.details.removeCover") } : null
            }
            preview={
              book.coverUrl ? (
                <img src={book.coverUrl} alt="" className="h-24 w-16 rounded object-cover" />
              ) : undefined
            }
          />
        </div>
        <div className="md:col-span-2">
          <Button type="submit" disabled={busy}>
            {t("books.details.save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
