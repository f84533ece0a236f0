import { useSyncExternalStore } from "react";
import { ChevronLeft, ChevronRight, Minus, Moon, Plus, ShoppingCart, Sun } from "lucide-react";
import { data, Form, Link, useNavigate } from "react-router";
import type { Route } from "./+types/read";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { RenderedMarkdown } from "#app/components/markdown";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { directionOf, isLocale } from "#app/i18n/locales";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { notShared } from "#app/lib/http-cache";
import { renderMarkdown } from "#app/lib/markdown.server";
import { cn } from "#app/lib/cn";
import { getViewer } from "#app/modules/auth/index.server";
import { formatMoney, membershipPricing } from "#app/modules/memberships";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { BookRefusedError, readerChapter } from "#app/modules/books/index.server";

export const headers = notShared;

export const handle = {
  texts: ["books"],
  // /book/{slug}/read/{n}: the book's title, "Chapters" (/book/{slug}/read leads to the book), the chapter's.
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded, t) =>
    loaded && "chapter" in loaded
      ? [loaded.book.title, t("books.reader.chapters"), loaded.chapter.title]
      : null,
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  args.loaderData && "chapter" in args.loaderData
    ? pageMeta(
        args,
        { text: `${args.loaderData.chapter.title} · ${args.loaderData.book.title}` },
        { noindex: true },
      )
    : pageMeta(args, "books.reader.locked", { noindex: true });

/**
 * SPEC §2 /book/{slug}/read/{chapter}: one chapter in a clean reading view. The first chapter is
 * the sample everyone reads; the rest only the book's owners (a paid purchase), members for a free
 * book, premium members when it is included, and its editors — decided here, on the server. Others
 * get a 403 page with the sample and Buy. Opening a chapter saves the reader's place.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const position = Number(params.chapter);
  if (!Number.isSafeInteger(position) || position < 1 || !/^\d+$/.test(params.chapter))
    throw data(null, { status: 404 });
  try {
    const read = await readerChapter(viewer?.actor ?? null, params.slug, position);
    return {
      ...read,
      chapter: { ...read.chapter, html: renderMarkdown(read.chapter.body), body: undefined },
    };
  } catch (error) {
    if (error instanceof BookRefusedError) {
      if (error.reason !== "notAllowed") throw data(null, { status: 404 });
      const { currency } = membershipPricing(await getPublicSettings());
      const sample = await readerChapter(viewer?.actor ?? null, params.slug, 1);
      return data(
        {
          locked: true as const,
          slug: sample.book.slug,
          title: sample.book.title,
          priceMinor: sample.price,
          currency,
          canBuy: sample.canBuy,
          signedIn: Boolean(viewer),
        },
        { status: 403 },
      );
    }
    throw error;
  }
}

const SIZES = ["text-base", "text-lg", "text-xl", "text-2xl"] as const;
const SETTINGS_KEY = "book-reader";
const SETTINGS_EVENT = "book-reader-settings";

function readSettings(): string {
  try {
    return localStorage.getItem(SETTINGS_KEY) ?? "{}";
  } catch {
    return "{}";
  }
}

function subscribeSettings(changed: () => void) {
  window.addEventListener("storage", changed);
  window.addEventListener(SETTINGS_EVENT, changed);
  return () => {
    window.removeEventListener("storage", changed);
    window.removeEventListener(SETTINGS_EVENT, changed);
  };
}

/**
 * Font size and light/dark are the reader's own, kept in this browser (the server renders the
 * defaults; the saved choice applies once the page is live).
 */
function useReaderSettings() {
  const raw = useSyncExternalStore(subscribeSettings, readSettings, () => "{}");
  let saved: { size?: unknown; dark?: unknown } = {};
  try {
    saved = JSON.parse(raw) as typeof saved;
  } catch {
    // Unreadable settings: the defaults.
  }
  const size =
    typeof saved.size === "number" ? Math.min(SIZES.length - 1, Math.max(0, saved.size)) : 1;
  const dark = saved.dark === true;
  const save = (next: { size: number; dark: boolean }) => {
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
    } catch {
      // Private mode: nothing is kept.
    }
    window.dispatchEvent(new Event(SETTINGS_EVENT));
  };
  return { size, dark, save };
}

export default function Reader({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const settings = useReaderSettings();
  if ("locked" in loaderData) {
    const price = formatMoney(loaderData.priceMinor, loaderData.currency, i18n.language);
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="locked-title">
        <h1 id="locked-title" className="text-2xl font-semibold">
          {t("books.reader.locked")}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {t("books.reader.lockedText", { title: loaderData.title })}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <Link to={`/book/${loaderData.slug}/read/1`}>{t("books.page.readSample")}</Link>
          </Button>
          {loaderData.canBuy && loaderData.signedIn ? (
            <Form method="post" action={`/book/${loaderData.slug}`}>
              <Button type="submit">
                <ShoppingCart aria-hidden="true" />
                {t("books.page.buy", { price })}
              </Button>
            </Form>
          ) : (
            <Button asChild>
              <Link
                to={
                  loaderData.signedIn
                    ? `/book/${loaderData.slug}`
                    : `/auth?redirectTo=${encodeURIComponent(`/book/${loaderData.slug}`)}`
                }
              >
                {loaderData.signedIn ? t("books.reader.toBook") : t("books.page.signInToBuy")}
              </Link>
            </Button>
          )}
        </div>
      </section>
    );
  }
  const { book, chapter, previous, next, chapters } = loaderData;
  const { size, dark, save } = settings;
  const href = (position: number) => `/book/${book.slug}/read/${position}`;
  // The book's own direction, whatever the site's language: an English book in the Arabic
  // interface reads left to right (and its chapter titles in the menu too).
  const bookDir = isLocale(book.language) ? directionOf(book.language) : undefined;
  return (
    <div className={cn("min-h-screen", dark ? "bg-neutral-900 text-neutral-100" : "bg-background")}>
      <div className="mx-auto max-w-3xl px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border pb-3">
          <Link
            to={`/book/${book.slug}`}
            className="min-w-0 truncate text-sm font-medium hover:underline"
            dir="auto"
          >
            {book.title}
          </Link>
          <div
            className="flex items-center gap-1"
            role="group"
            aria-label={t("books.reader.settings")}
          >
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={size === 0}
              onClick={() => save({ size: size - 1, dark })}
              aria-label={t("books.reader.smaller")}
            >
              <Minus aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              disabled={size === SIZES.length - 1}
              onClick={() => save({ size: size + 1, dark })}
              aria-label={t("books.reader.larger")}
            >
              <Plus aria-hidden="true" />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => save({ size, dark: !dark })}
              aria-pressed={dark}
              aria-label={t("books.reader.dark")}
            >
              {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
            </Button>
            <label className="sr-only" htmlFor="reader-toc">
              {t("books.reader.jump")}
            </label>
            <select
              id="reader-toc"
              dir={bookDir}
              value={chapter.position}
              onChange={(event) => navigate(href(Number(event.target.value)))}
              className={cn(
                "max-w-40 rounded-md border border-input px-2 py-1 text-sm",
                dark ? "bg-neutral-800" : "bg-background",
              )}
            >
              {chapters.map((entry) => (
                <option key={entry.position} value={entry.position}>
                  {entry.position}. {entry.title}
                </option>
              ))}
            </select>
          </div>
        </div>
        <article
          lang={book.language}
          dir={bookDir}
          className={cn("mt-8 font-serif leading-relaxed", SIZES[size])}
        >
          <p
            className={cn(
              "font-sans text-xs tracking-wide uppercase",
              dark ? "text-neutral-300" : "text-muted-foreground",
            )}
          >
            {t("books.reader.chapterOf", { position: chapter.position, total: chapters.length })}
          </p>
          <h1 className="mt-1 mb-6 font-sans text-3xl font-semibold break-words" dir="auto">
            {chapter.title}
          </h1>
          <div className={cn(dark && "[&_.prose-content]:text-neutral-100")}>
            <RenderedMarkdown html={chapter.html} />
          </div>
        </article>
        <nav
          aria-label={t("books.reader.chapters")}
          className="mt-12 flex items-center justify-between gap-3 border-t border-border pt-4"
        >
          {previous ? (
            <Link
              to={href(previous.position)}
              rel="prev"
              className="flex min-w-0 items-center gap-1 text-sm hover:underline"
            >
              <ChevronLeft aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
              <span className="truncate" dir="auto">
                {previous.title}
              </span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link
              to={href(next.position)}
              rel="next"
              className="flex min-w-0 items-center gap-1 text-sm hover:underline"
            >
              <span className="truncate" dir="auto">
                {next.title}
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 rtl:rotate-180" />
            </Link>
          ) : (
            <Link to={`/book/${book.slug}`} className="text-sm hover:underline">
              {t("books.reader.end")}
            </Link>
          )}
        </nav>
      </div>
    </div>
  );
}
