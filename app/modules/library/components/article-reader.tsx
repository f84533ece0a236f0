import { Bookmark, BookmarkCheck, ChevronLeft, ChevronRight, Crown, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { PremiumGate } from "#app/components/shell/premium-gate";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { IntentButton } from "#app/components/ui/intent-button";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { failureOf, type ActionResult } from "#app/lib/form";
import { dateTimeFormat } from "#app/lib/intl";
import type { ArticleView } from "../queries.server";
import { ARTICLE_COVER, ARTICLE_LIMITS } from "../types";
import { ArticleToc } from "./article-toc";
import { PracticeParts } from "./practice-parts";

/** An article view as it reaches the browser (dates as the loader sends them). */
type SerializedView = Omit<ArticleView, "reader"> & {
  reader: ArticleView["reader"];
  session?: { streak: number; doneToday: boolean } | null;
};

/*
 * The reading page of the library's engine, shared by `/article/{type}/{id}` and the types' own
 * addresses (`/grimoire/{slug}`): title and facts, the text or its free excerpt with the Premium
 * gate, chapters with previous/next, "On this page", and the reader's bookmark, notes and place.
 */
export function ArticleReader({
  view,
  actionData,
  base,
}: {
  view: SerializedView;
  actionData: ActionResult<unknown> | undefined;
  /** The page's own address, to which `?chapter=` is added. */
  base: string;
}) {
  const { t, i18n } = useTranslation();
  const dates = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const formatDate = (value: Date | string) => dates.format(new Date(value));
  useActionToast(actionData);
  const { article, chapters, chapter, html, toc, whole, reader } = view;
  const previous = chapter && chapter.index > 0 ? chapters[chapter.index - 1] : undefined;
  const next = chapter ? chapters[chapter.index + 1] : undefined;
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-10">
      <article className="min-w-0" aria-labelledby="article-title">
        <p className="text-sm text-muted-foreground">
          {t(`library.types.${article.type}.plural`)}
          {article.categoryTitle && article.categoryId ? (
            <>
              {" · "}
              <Link
                to={`/category/${article.type}/${article.categoryId}`}
                className="hover:underline"
              >
                <bdi>{article.categoryTitle}</bdi>
              </Link>
            </>
          ) : null}
        </p>
        <h1 id="article-title" className="mt-2 text-3xl font-semibold" dir="auto">
          {article.title}
        </h1>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {article.isPremium ? (
            <Badge variant="secondary">
              <Crown aria-hidden="true" />
              {t("library.premium")}
            </Badge>
          ) : null}
          {article.status === "draft" ? (
            <Badge variant="outline">{t("library.status.draft")}</Badge>
          ) : !article.live ? (
            <Badge variant="outline">{t("library.status.scheduled")}</Badge>
          ) : null}
          {article.authorName ? (
            <span>
              {t("library.by")}{" "}
              {article.authorSlug ? (
                <Link to={`/profile/${article.authorSlug}`} className="hover:underline">
                  <bdi>{article.authorName}</bdi>
                </Link>
              ) : (
                <bdi>{article.authorName}</bdi>
              )}
            </span>
          ) : null}
          <span>{t("library.readingTime", { count: article.readingMinutes })}</span>
          {article.publishedAt ? (
            <span>{t("library.published", { date: formatDate(article.publishedAt) })}</span>
          ) : null}
        </div>
        {article.coverUrl ? (
          <img
            src={article.coverUrl}
            alt=""
            width={ARTICLE_COVER.width}
            height={ARTICLE_COVER.height}
            className="mt-6 aspect-video w-full rounded-xl object-cover"
          />
        ) : null}
        {article.summary ? (
          <p className="mt-4 text-lg text-muted-foreground" dir="auto">
            {article.summary}
          </p>
        ) : null}

        {reader ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <IntentButton intent={reader.bookmarked ? "unbookmark" : "bookmark"} variant="outline">
              {reader.bookmarked ? (
                <BookmarkCheck aria-hidden="true" />
              ) : (
                <Bookmark aria-hidden="true" />
              )}
              {reader.bookmarked ? t("library.bookmarked") : t("library.bookmark")}
            </IntentButton>
            <Button asChild variant="ghost" size="sm">
              <Link to="/bookmarks">{t("library.bookmarks.all")}</Link>
            </Button>
          </div>
        ) : null}

        {chapter ? (
          <h2 className="mt-8 text-2xl font-semibold" dir="auto">
            {t("library.chapterHeading", { index: chapter.index + 1, title: chapter.title })}
          </h2>
        ) : null}
        <div className="prose-content mt-6" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />
        <PracticeParts practice={view.practice} session={view.session ?? null} />
        {reader ? (
          <ProgressKeeper chapterId={chapter?.id ?? null} initial={reader.progress} />
        ) : null}

        {!whole ? (
          <div className="mt-8 rounded-xl border border-border bg-card">
            <PremiumGate fallback="library.premiumFallback" headingLevel={2} />
          </div>
        ) : null}

        {chapter ? (
          <nav
            className="mt-10 flex flex-wrap justify-between gap-3"
            aria-label={t("library.chapterNav")}
          >
            {previous ? (
              <Button asChild variant="outline">
                <Link to={`${base}?chapter=${previous.id}`} rel="prev">
                  <ChevronLeft className="rtl:rotate-180" aria-hidden="true" />
                  <span dir="auto">{previous.title}</span>
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {next ? (
              <Button asChild>
                <Link to={`${base}?chapter=${next.id}`} rel="next">
                  <span dir="auto">{next.title}</span>
                  <ChevronRight className="rtl:rotate-180" aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
          </nav>
        ) : null}

        {reader ? (
          <section className="mt-12 border-t border-border pt-6" aria-labelledby="notes-title">
            <h2 id="notes-title" className="text-xl font-semibold">
              {t("library.notes.title")}
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{t("library.notes.private")}</p>
            {reader.notes.length === 0 ? (
              <p className="mt-4 text-sm text-muted-foreground">{t("library.notes.empty")}</p>
            ) : (
              <ul className="mt-4 space-y-3">
                {reader.notes.map((note) => (
                  <li key={note.id} className="rounded-lg border border-border bg-card p-3">
                    <p className="whitespace-pre-wrap break-words" dir="auto">
                      {note.body}
                    </p>
                    <div className="mt-2 flex items-center justify-between gap-2 text-xs text-muted-foreground">
                      <time dateTime={new Date(note.createdAt).toISOString()}>
                        {formatDate(note.createdAt)}
                      </time>
                      <IntentButton
                        intent="delete-note"
                        fields={{ noteId: note.id }}
                        variant="ghost"
                        label={t("library.notes.delete")}
                      >
                        <Trash2 aria-hidden="true" />
                      </IntentButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <Form method="post" className="mt-4 space-y-2" preventScrollReset>
              <Label htmlFor="note">{t("library.notes.add")}</Label>
              <Textarea
                id="note"
                name="note"
                rows={3}
                maxLength={ARTICLE_LIMITS.note}
                defaultValue={failure?.values?.note ?? ""}
                aria-invalid={Boolean(failure?.fieldErrors?.note)}
                aria-describedby={failure?.fieldErrors?.note ? "note-error" : undefined}
                dir="auto"
              />
              <FieldError id="note-error" message={failure?.fieldErrors?.note} />
              <Button type="submit" name="intent" value="note" size="sm">
                {t("library.notes.save")}
              </Button>
            </Form>
          </section>
        ) : null}
      </article>

      <aside className="mt-10 space-y-6 lg:mt-0" aria-label={t("library.contents")}>
        {whole && chapters.length > 0 ? (
          <nav aria-labelledby="chapters-title">
            <h2 id="chapters-title" className="text-sm font-semibold">
              {t("library.chapters", { count: chapters.length })}
            </h2>
            <ol className="mt-2 space-y-1 text-sm">
              {chapters.map((c, index) => (
                <li key={c.id}>
                  <Link
                    to={`${base}?chapter=${c.id}`}
                    aria-current={chapter?.id === c.id ? "page" : undefined}
                    className="block rounded px-2 py-1 hover:bg-muted aria-[current=page]:bg-muted aria-[current=page]:font-medium"
                  >
                    <span className="text-muted-foreground">{index + 1}. </span>
                    <span dir="auto">{c.title}</span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : !whole && chapters.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t("library.chapters", { count: chapters.length })}
          </p>
        ) : null}
        <ArticleToc toc={toc} />
      </aside>
    </div>
  );
}

/**
 * Keeps the reader's place: how far down the text they are (per mille), sent a few seconds after
 * they stop scrolling and when they leave, without reloading anything. On arrival it scrolls to
 * the stored place of this chapter.
 */
function ProgressKeeper({
  chapterId,
  initial,
}: {
  chapterId: string | null;
  initial: { chapterId: string | null; position: number } | null;
}) {
  const fetcher = useFetcher();
  const submit = useRef(fetcher.submit);
  useEffect(() => {
    submit.current = fetcher.submit;
  });
  useEffect(() => {
    if (initial && initial.chapterId === chapterId && initial.position > 0 && !location.hash) {
      const height = document.documentElement.scrollHeight - innerHeight;
      scrollTo({ top: (initial.position / 1000) * height });
    }
    let last = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      const height = document.documentElement.scrollHeight - innerHeight;
      const position = height > 0 ? Math.round((scrollY / height) * 1000) : 1000;
      if (position === last) return;
      last = position;
      void submit.current(
        { intent: "progress", chapterId: chapterId ?? "", position: String(position) },
        { method: "post", preventScrollReset: true },
      );
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(send, 2_000);
    };
    send();
    addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      removeEventListener("scroll", onScroll);
    };
    // The stored place is applied once per chapter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chapterId]);
  return null;
}
