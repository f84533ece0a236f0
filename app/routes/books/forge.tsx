import { BookOpen, ChartNoAxesColumn, Plus } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forge";
import { FormField } from "#app/components/form-field";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, failureOf, parseForm } from "#app/lib/form";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { useActionToast } from "#app/hooks/use-action-toast";
import { requirePremium } from "#app/modules/auth/index.server";
import { createBook, forgeBooks } from "#app/modules/books/index.server";
import { newBookSchema } from "#app/modules/books/validation";
import { BOOK_LIMITS } from "#app/modules/books";
import { NotAllowedError } from "#app/modules/auth";

export const handle = { texts: ["books"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "books.forge.title", { noindex: true });

/**
 * SPEC §2 /book-forge: an author's books (status, words, sales) and a new one. Authors are
 * premium members and admins; everyone else meets the Premium gate, which says what Book Forge is.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePremium(request, "books.forge.gate");
  return { books: await forgeBooks(viewer.actor) };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePremium(request, "books.forge.gate");
  const parsed = await parseForm(request, newBookSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const book = await createBook(viewer.actor, parsed.data);
    throw redirect(`/book-forge/edit/${book.id}`);
  } catch (error) {
    if (error instanceof NotAllowedError)
      return actionError({ formError: "books.errors.notAllowed", values: parsed.values }, 403);
    throw error;
  }
}

export default function BookForge({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const numbers = numberFormat(i18n.language);
  const dates = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  const { books } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("books.forge.title")}</h1>
      <p className="mt-1 text-muted-foreground">{t("books.forge.intro")}</p>

      <Form
        method="post"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-4"
        noValidate
      >
        <div className="min-w-0 flex-1 basis-64">
          <FormField
            label={t("books.forge.newTitle")}
            name="title"
            required
            maxLength={BOOK_LIMITS.titleMax}
            defaultValue={failure?.values.title}
            error={failure?.fieldErrors.title}
          />
        </div>
        <Button type="submit" disabled={busy}>
          <Plus aria-hidden="true" />
          {t("books.forge.create")}
        </Button>
      </Form>

      <h2 className="mt-8 text-xl font-semibold">{t("books.forge.yourBooks")}</h2>
      {books.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("books.forge.empty")}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border rounded-xl border border-border bg-card">
          {books.map((book) => (
            <li key={book.id} className="flex flex-wrap items-center gap-3 p-4">
              <BookOpen aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/book-forge/edit/${book.id}`}
                  className="font-medium break-words hover:underline"
                  dir="auto"
                >
                  {book.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {t("books.forge.stats", {
                    words: numbers.format(book.words),
                    sales: numbers.format(book.sales),
                    date: dates.format(new Date(book.updatedAt)),
                  })}
                </p>
              </div>
              <Link
                to={`/book-forge/sales/${book.id}`}
                className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm hover:bg-muted hover:underline"
                aria-label={t("books.forge.salesOf", { title: book.title })}
              >
                <ChartNoAxesColumn aria-hidden="true" className="size-4" />
                {t("books.forge.salesLink")}
              </Link>
              <Badge variant={book.status === "published" ? "default" : "secondary"}>
                {t(`books.status.${book.status}`)}
              </Badge>
              {book.hiddenReason ? (
                <Badge variant="destructive">{t("books.forge.hidden")}</Badge>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
