import { BookOpen, Download, MessagesSquare, PenLine, ShoppingCart } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/book";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { RenderedMarkdown } from "#app/components/markdown";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { notShared } from "#app/lib/http-cache";
import { renderMarkdown } from "#app/lib/markdown.server";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { numberFormat } from "#app/lib/intl";
import { directionOf, isLocale } from "#app/i18n/locales";
import { useActionToast } from "#app/hooks/use-action-toast";
import { getViewer } from "#app/modules/auth/index.server";
import { formatMoney, membershipPricing } from "#app/modules/memberships";
import { getPublicSettings } from "#app/modules/settings/index.server";
import {
  BookRefusedError,
  bookIdBySlug,
  bookPage,
  bookReviewsPage,
  deleteBookReview,
  recordBookView,
  saveBookReview,
  startBookPurchase,
} from "#app/modules/books/index.server";
import { bookReviewSchema } from "#app/modules/books/validation";
import { BookRatingSummary, BookReviews } from "#app/modules/books/components/book-reviews";
import { pageNumber } from "#app/lib/page-number";
import { BillingRefusedError } from "#app/modules/payments/index.server";

// A visit counts as a view (the sales page's conversion), so a shared cache must not answer.
export const headers = notShared;

export const handle = {
  texts: ["books"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.book.title ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(
        args,
        { text: args.loaderData.book.title },
        {
          description: args.loaderData.book.description.slice(0, 300),
          noindex: !args.loaderData.listed,
        },
      )
    : pageMeta(args, "books.forge.title");

/**
 * SPEC §2 /book/{slug}: open and server-rendered. Cover, description, author, table of contents,
 * the first chapter as a sample, the price and Buy. Drafts and hidden books are a 404 for all but
 * their editors; unlisted books open by address and stay out of the sitemap.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const actor = viewer?.actor ?? null;
  try {
    const page = await bookPage(actor, params.slug);
    await recordBookView(actor, page.book, { userAgent: request.headers.get("user-agent") });
    const { currency } = membershipPricing(await getPublicSettings());
    const reviews = await bookReviewsPage(
      actor,
      page.book.id,
      pageNumber(url.searchParams.get("page")),
    );
    const { book } = page;
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
        tags: book.tags,
        price: book.price,
        status: book.status,
        includedWithMembership: book.includedWithMembership,
      },
      currency,
      author: page.author,
      discussion: page.discussion,
      reviews,
      chapters: page.chapters,
      sampleHtml: page.sample ? renderMarkdown(page.sample.body) : "",
      sampleTitle: page.sample?.title ?? "",
      owns: page.owns,
      canEdit: page.canEdit,
      canReadWhole: page.canReadWhole,
      canBuy: page.canBuy,
      listed: page.listed,
      resumeAt: page.resumeAt,
      signedIn: Boolean(viewer),
    };
  } catch (error) {
    if (error instanceof BookRefusedError) throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * The page's forms by `intent`: `review` (write or rewrite the member's review), `deleteReview`,
 * and Buy (no intent: starts a one-time checkout, Stripe Checkout or the built-in test-card page).
 */
export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent(`/book/${params.slug}`)}`);
  const form = await readForm(request);
  const intent = form.get("intent");
  try {
    if (intent === "review" || intent === "deleteReview") {
      const bookId = await bookIdBySlug(params.slug);
      if (!bookId) throw data(null, { status: 404 });
      if (intent === "deleteReview") {
        await deleteBookReview(viewer.actor, bookId);
        return actionOk({ toast: { key: "books.reviews.deleted" } });
      }
      const parsed = validateForm(form, bookReviewSchema);
      if (!parsed.ok) return parsed.response;
      await saveBookReview(viewer.actor, bookId, parsed.data);
      return actionOk({ toast: { key: "books.reviews.saved" } });
    }
    const to = await startBookPurchase(
      viewer.actor,
      { email: viewer.user.email },
      params.slug,
      url.origin,
    );
    throw redirect(to);
  } catch (error) {
    if (error instanceof BookRefusedError) {
      if (error.reason === "notFound") throw data(null, { status: 404 });
      if (intent === "review" || intent === "deleteReview")
        return actionError({ formError: "books.reviews.errors.ownersOnly" }, 403);
      return actionError({ formError: `books.errors.${error.reason}` }, 409);
    }
    if (error instanceof BillingRefusedError)
      return actionError({ formError: "books.errors.checkoutBusy" }, 409);
    throw error;
  }
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const { book, author, chapters, currency } = loaderData;
  const numbers = numberFormat(i18n.language);
  const price =
    book.price === 0 ? t("books.page.free") : formatMoney(book.price, currency, i18n.language);
  const words = chapters.reduce((sum, chapter) => sum + chapter.words, 0);
  const readHref = (position: number) => `/book/${book.slug}/read/${position}`;
  return (
    <article lang={book.language} className="mx-auto max-w-5xl px-4 py-8">
      <div className="grid gap-8 md:grid-cols-[16rem_minmax(0,1fr)]">
        <div>
          {book.coverUrl ? (
            <img
              src={book.coverUrl}
              alt={t("books.page.coverAlt", { title: book.title })}
              width={800}
              height={1200}
              className="mx-auto aspect-[2/3] w-full max-w-48 rounded-lg object-cover shadow md:mx-0 md:max-w-64"
            />
          ) : (
            <div
              aria-hidden="true"
              className="mx-auto flex aspect-[2/3] w-full max-w-48 items-center justify-center rounded-lg bg-gradient-to-br from-primary/30 to-primary/5 p-4 text-center font-serif text-xl md:mx-0 md:max-w-64"
              dir="auto"
            >
              {book.title}
            </div>
          )}
        </div>
        <div className="min-w-0 space-y-4">
          <header>
            {book.status !== "published" ? (
              <Badge variant="secondary">{t(`books.status.${book.status}`)}</Badge>
            ) : null}
            <h1 className="mt-1 text-3xl font-semibold break-words" dir="auto">
              {book.title}
            </h1>
            {book.subtitle ? (
              <p className="mt-1 text-lg text-muted-foreground" dir="auto">
                {book.subtitle}
              </p>
            ) : null}
            <p className="mt-2 text-sm text-muted-foreground">
              {t("books.page.facts", {
                chapters: numbers.format(chapters.length),
                words: numbers.format(words),
              })}
              {book.category ? ` · ${book.category}` : ""}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
              <a href="#reviews" className="hover:underline">
                <BookRatingSummary
                  average={loaderData.reviews.average}
                  count={loaderData.reviews.count}
                />
              </a>
              {loaderData.discussion ? (
                <Link
                  to={`/discussions/${loaderData.discussion.slug}`}
                  className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                >
                  <MessagesSquare aria-hidden="true" className="size-4" />
                  {t("books.page.discuss", {
                    count: loaderData.discussion.replyCount,
                    formatted: numbers.format(loaderData.discussion.replyCount),
                  })}
                </Link>
              ) : null}
            </p>
          </header>

          <div
            className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-4"
            id="buy"
          >
            <span className="text-2xl font-semibold">{price}</span>
            {book.includedWithMembership && book.price > 0 ? (
              <Badge variant="outline">{t("books.page.included")}</Badge>
            ) : null}
            <div className="flex flex-wrap gap-2 sm:ms-auto">
              {loaderData.canReadWhole ? (
                <Button asChild>
                  <Link to={readHref(loaderData.resumeAt ?? 1)}>
                    <BookOpen aria-hidden="true" />
                    {loaderData.resumeAt ? t("books.page.continue") : t("books.page.read")}
                  </Link>
                </Button>
              ) : (
                <Button asChild variant="outline">
                  <Link to={readHref(1)}>
                    <BookOpen aria-hidden="true" />
                    {t("books.page.readSample")}
                  </Link>
                </Button>
              )}
              {loaderData.canBuy ? (
                loaderData.signedIn ? (
                  <Form method="post">
                    <Button type="submit" disabled={busy}>
                      <ShoppingCart aria-hidden="true" />
                      {t("books.page.buy", { price })}
                    </Button>
                  </Form>
                ) : (
                  <Button asChild>
                    <Link to={`/auth?redirectTo=${encodeURIComponent(`/book/${book.slug}`)}`}>
                      {t("books.page.signInToBuy")}
                    </Link>
                  </Button>
                )
              ) : null}
              {loaderData.canReadWhole && loaderData.signedIn ? (
                <Button asChild variant="outline">
                  <a href={`/book/${book.slug}/epub`} download>
                    <Download aria-hidden="true" />
                    {t("books.page.epub")}
                  </a>
                </Button>
              ) : null}
              {loaderData.canEdit ? (
                <Button asChild variant="ghost">
                  <Link to={`/book-forge/edit/${book.id}`}>
                    <PenLine aria-hidden="true" />
                    {t("books.page.edit")}
                  </Link>
                </Button>
              ) : null}
            </div>
            {!loaderData.signedIn && book.price === 0 ? (
              <p className="w-full text-sm text-muted-foreground">
                {t("books.page.freeForMembers")}
              </p>
            ) : null}
          </div>

          {book.description ? (
            <section aria-labelledby="about-book">
              <h2 id="about-book" className="text-lg font-semibold">
                {t("books.page.about")}
              </h2>
              <p className="mt-1 whitespace-pre-line" dir="auto">
                {book.description}
              </p>
            </section>
          ) : null}

          {author ? (
            <section
              aria-label={t("books.page.author")}
              className="rounded-xl border border-border bg-card p-4"
            >
              <Link
                to={`/profile/${author.slug}`}
                className="flex items-center gap-3 hover:underline"
              >
                <Avatar src={author.avatarUrl} name={author.name} size="md" />
                <span className="min-w-0">
                  <span className="block text-xs text-muted-foreground">
                    {t("books.page.author")}
                  </span>
                  <span className="block truncate font-medium" dir="auto">
                    {author.name}
                  </span>
                </span>
              </Link>
              {author.bio ? (
                <p className="mt-2 line-clamp-3 text-sm text-muted-foreground" dir="auto">
                  {author.bio}
                </p>
              ) : null}
            </section>
          ) : null}

          <section aria-labelledby="toc-title">
            <h2 id="toc-title" className="text-lg font-semibold">
              {t("books.page.contents")}
            </h2>
            <ol className="mt-2 divide-y divide-border rounded-xl border border-border">
              {chapters.map((chapter) => {
                const open = chapter.position === 1 || loaderData.canReadWhole;
                return (
                  <li
                    key={chapter.position}
                    className="flex items-center justify-between gap-3 p-3 text-sm"
                  >
                    {open ? (
                      <Link
                        to={readHref(chapter.position)}
                        className="min-w-0 break-words hover:underline"
                        dir="auto"
                      >
                        {chapter.position}. {chapter.title}
                      </Link>
                    ) : (
                      <span className="min-w-0 break-words text-muted-foreground" dir="auto">
                        {chapter.position}. {chapter.title}
                      </span>
                    )}
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {chapter.position === 1 && !loaderData.canReadWhole
                        ? t("books.page.sample")
                        : t("books.editor.words", {
                            count: chapter.words,
                            formatted: numbers.format(chapter.words),
                          })}
                    </span>
                  </li>
                );
              })}
            </ol>
          </section>
        </div>
      </div>

      {loaderData.sampleHtml ? (
        <section
          aria-labelledby="sample-title"
          className="mx-auto mt-10 max-w-2xl"
          dir={isLocale(book.language) ? directionOf(book.language) : undefined}
        >
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t("books.page.sample")}
          </p>
          <h2 id="sample-title" className="mt-1 text-2xl font-semibold" dir="auto">
            {loaderData.sampleTitle}
          </h2>
          <div className="mt-4 font-serif text-lg leading-relaxed">
            <RenderedMarkdown html={loaderData.sampleHtml} />
          </div>
        </section>
      ) : null}

      <BookReviews reviews={loaderData.reviews} signedIn={loaderData.signedIn} failure={failure} />
    </article>
  );
}
