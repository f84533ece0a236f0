import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/book-forge";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { FormField } from "#app/components/form-field";
import { Pagination } from "#app/components/ui/pagination";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { numberFormat } from "#app/lib/intl";
import { pageNumber } from "#app/lib/page-number";
import { useActionToast } from "#app/hooks/use-action-toast";
import { requireAdmin } from "#app/modules/auth/index.server";
import { BOOK_LIMITS } from "#app/modules/books";
import {
  BookRefusedError,
  adminBooks,
  hideBook,
  unhideBook,
} from "#app/modules/books/index.server";
import { bookIdSchema, hideBookSchema } from "#app/modules/books/validation";
import { formatMoney, membershipPricing } from "#app/modules/memberships";
import { getPublicSettings } from "#app/modules/settings/index.server";

export const handle = { texts: ["books"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "books.admin.title", { noindex: true });

/** SPEC §2 admin book-forge: every book with its sales; hide (with a reason) or show again. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const [list, settings] = await Promise.all([
    adminBooks(pageNumber(url.searchParams.get("page"))),
    getPublicSettings(),
  ]);
  return { ...list, currency: membershipPricing(settings).currency };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  try {
    if (form.get("intent") === "hide") {
      const parsed = validateForm(form, hideBookSchema);
      if (!parsed.ok) return parsed.response;
      await hideBook(viewer.user.id, parsed.data.bookId, parsed.data.reason);
      return actionOk({ toast: { key: "books.admin.hidden" } });
    }
    if (form.get("intent") === "unhide") {
      const parsed = validateForm(form, bookIdSchema, { toast: true });
      if (!parsed.ok) return parsed.response;
      await unhideBook(viewer.user.id, parsed.data.bookId);
      return actionOk({ toast: { key: "books.admin.shown" } });
    }
  } catch (error) {
    if (error instanceof BookRefusedError)
      return actionError({ formError: "books.errors.notFound" }, 404);
    throw error;
  }
  return actionError({ formError: "errors.badRequest" });
}

export default function AdminBookForge({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const navigation = useNavigation();
  const busyBook =
    navigation.state === "submitting" ? navigation.formData?.get("bookId") : undefined;
  const { rows, page, pageCount, currency } = loaderData;
  const number = numberFormat(i18n.language);
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold">{t("books.admin.title")}</h2>
        <p className="mt-1 text-muted-foreground">
          {t("books.admin.text")}{" "}
          <Link to="/admin/transactions" className="underline">
            {t("books.admin.refundsLink")}
          </Link>
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {t("books.admin.empty")}
        </p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border bg-card"
          data-testid="admin-books"
        >
          {rows.map((book) => {
            const failed = failure?.values.bookId === book.id ? failure : undefined;
            return (
              <li key={book.id} className="space-y-3 p-4" data-testid="admin-book">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/book/${book.slug}`}
                    className="min-w-0 font-medium break-words hover:underline"
                    dir="auto"
                  >
                    {book.title}
                  </Link>
                  <Badge variant={book.status === "published" ? "default" : "secondary"}>
                    {t(`books.status.${book.status}`)}
                  </Badge>
                  {book.hiddenReason ? (
                    <Badge variant="destructive">{t("books.forge.hidden")}</Badge>
                  ) : null}
                </div>
                <p className="text-sm text-muted-foreground">
                  {book.authorName ? (
                    <Link to={`/profile/${book.authorSlug}`} className="hover:underline" dir="auto">
                      {book.authorName}
                    </Link>
                  ) : null}
                  {" · "}
                  {book.price === 0 ? t("books.page.free") : money(book.price)}
                </p>
                <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">{t("books.sales.units")}:</dt>
                    <dd className="tabular-nums">{number.format(book.units)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">{t("books.sales.refunds")}:</dt>
                    <dd className="tabular-nums">{number.format(book.refunds)}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt className="text-muted-foreground">{t("books.sales.net")}:</dt>
                    <dd className="tabular-nums">{money(book.revenue)}</dd>
                  </div>
                </dl>
                <p className="text-sm">
                  <Link to={`/book-forge/sales/${book.id}`} className="underline">
                    {t("books.forge.salesOf", { title: book.title })}
                  </Link>
                </p>
                {book.hiddenReason ? (
                  <div className="flex flex-wrap items-center gap-3">
                    <p className="min-w-0 flex-1 text-sm break-words" dir="auto">
                      {t("books.admin.reasonShown", { reason: book.hiddenReason })}
                    </p>
                    <IntentButton
                      intent="unhide"
                      fields={{ bookId: book.id }}
                      label={t("books.admin.unhideOf", { title: book.title })}
                    >
                      {t("books.admin.unhide")}
                    </IntentButton>
                  </div>
                ) : (
                  <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
                    <input type="hidden" name="intent" value="hide" />
                    <input type="hidden" name="bookId" value={book.id} />
                    <div className="min-w-0 flex-1 basis-64">
                      <FormField
                        id={`reason-${book.id}`}
                        label={t("books.admin.reason")}
                        name="reason"
                        required
                        maxLength={BOOK_LIMITS.hiddenReasonMax}
                        defaultValue={failed?.values.reason}
                        error={failed?.fieldErrors.reason}
                      />
                    </div>
                    <Button type="submit" variant="destructive" disabled={busyBook === book.id}>
                      {t("books.admin.hide")}
                    </Button>
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
