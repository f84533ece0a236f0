import { useEffect, useState } from "react";
import { BookOpen, CheckCircle2, Clock } from "lucide-react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/purchase-success";
import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { notShared } from "#app/lib/http-cache";
import { idSchema } from "#app/lib/ids";
import { requireUser } from "#app/modules/auth/index.server";
import { bookById } from "#app/modules/books/index.server";
import { confirmPurchase } from "#app/modules/payments/index.server";

export const headers = notShared;
export const handle = { texts: ["books"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "books.success.title", { noindex: true });

/** Re-checks of a payment still being confirmed, before the member is left a button. */
const AUTO_CHECKS = 5;

/**
 * SPEC §2 /book-purchase-success?checkout=: asks the provider about the member's purchase
 * (never the address): paid → the book is theirs, with a link to the reader; pending → a few
 * automatic re-checks and "Check again"; another member's or a made-up checkout → 404.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const id = idSchema.safeParse(url.searchParams.get("checkout"));
  if (!id.success) throw data(null, { status: 404 });
  const result = await confirmPurchase(viewer.user.id, id.data);
  if (result.status === "unknown" || result.productKind !== "book")
    throw data(null, { status: 404 });
  const book = await bookById(result.productId);
  if (!book) throw data(null, { status: 404 });
  return { status: result.status, refunded: result.refunded, book };
}

export default function PurchaseSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { status, book, refunded } = loaderData;
  const revalidator = useRevalidator();
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    if (status !== "pending" || checks >= AUTO_CHECKS) return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      void revalidator.revalidate();
    }, 1500);
    return () => clearTimeout(timer);
  }, [status, checks, revalidator]);

  if (status === "pending" || refunded) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="pending-title">
        <Clock className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h1 id="pending-title" className="mt-3 text-2xl font-semibold">
          {refunded ? t("books.success.refundedTitle") : t("books.success.pendingTitle")}
        </h1>
        <p className="mt-2 text-muted-foreground" role="status">
          {refunded ? t("books.success.refunded") : t("books.success.pending")}
        </p>
        {!refunded ? (
          <Button
            className="mt-6"
            onClick={() => void revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
          >
            {t("books.success.checkAgain")}
          </Button>
        ) : null}
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="success-title">
      <CheckCircle2 className="mx-auto size-12 text-primary" aria-hidden="true" />
      <h1 id="success-title" className="mt-3 text-2xl font-semibold">
        {t("books.success.heading")}
      </h1>
      <p className="mt-2 text-muted-foreground">{t("books.success.text", { title: book.title })}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={`/book/${book.slug}/read/1`}>
            <BookOpen aria-hidden="true" />
            {t("books.success.startReading")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/book/${book.slug}`}>{t("books.success.bookPage")}</Link>
        </Button>
      </div>
    </section>
  );
}
