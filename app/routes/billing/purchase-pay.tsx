import { Clock } from "lucide-react";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/purchase-pay";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { idParam } from "#app/lib/ids";
import { requireUser } from "#app/modules/auth/index.server";
import { formatMoney } from "#app/modules/memberships";
import { bookById } from "#app/modules/books/index.server";
import {
  BillingRefusedError,
  CardDeclinedError,
  payBuiltinPurchase,
  purchaseCardState,
  type PurchaseCardState,
} from "#app/modules/payments/index.server";
import { CardForm, type CardFormResult } from "#app/modules/payments/components/card-form";
import { readCardForm } from "#app/modules/payments/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["billing", "books"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "checkout.card.pageTitle", { noindex: true });

/** Where a paid purchase goes next (decision 064): each product kind's success page. */
const successOf = (checkoutId: string) => `/book-purchase-success?checkout=${checkoutId}`;

/** A malformed checkout id is a 400 like every other address's (`idParam`); another's is a 404. */
async function stateOf(userId: string, raw: string | undefined): Promise<PurchaseCardState> {
  return purchaseCardState(userId, idParam(raw));
}

function openOrThrow(state: PurchaseCardState) {
  if (state.kind === "notFound") throw data(null, { status: 404 });
  if (state.kind === "paid") throw redirect(successOf(state.checkoutId));
  return state;
}

/**
 * /checkout/purchase/{checkoutId}: the built-in provider's card page for a one-time purchase (a
 * book), the twin of /checkout/pay for the membership. Another member's or a made-up checkout is
 * a 404; a paid one goes on to its success page.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const state = openOrThrow(await stateOf(viewer.user.id, params.checkoutId));
  const book = state.kind === "expired" ? await bookById(state.productId) : null;
  return {
    checkout: state.kind === "open" ? state.checkout : null,
    back: book ? `/book/${book.slug}` : "/",
    cardholder: viewer.profile.displayName,
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const state = openOrThrow(await stateOf(viewer.user.id, params.checkoutId));
  if (state.kind !== "open") throw data(null, { status: 409 });
  const card = await readCardForm(request);
  if (!card.ok) return data<CardFormResult>(card.result, { status: 400 });
  const { values } = card;
  const kept = { name: values.name ?? "", expiry: values.expiry ?? "" };
  try {
    await payBuiltinPurchase(viewer.user.id, state.checkout.id, card.cardNumber);
  } catch (error) {
    if (error instanceof BillingRefusedError)
      return data<CardFormResult>(
        { errors: { form: "checkout.errors.replaced" }, values: kept, refusedAt: Date.now() },
        { status: 409 },
      );
    if (!(error instanceof CardDeclinedError)) throw error;
    const key =
      error.reason === "declined" ? "checkout.errors.declined" : "checkout.errors.notTestCard";
    return data<CardFormResult>(
      { errors: { form: key }, values: kept, refusedAt: Date.now() },
      { status: 402 },
    );
  }
  throw redirect(successOf(state.checkout.id));
}

export default function PurchasePay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { checkout } = loaderData;
  if (!checkout) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="expired-title">
        <Clock className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h1 id="expired-title" className="mt-3 text-2xl font-semibold">
          {t("checkout.expired.title")}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("books.purchase.expired")}</p>
        <Button asChild className="mt-6">
          <Link to={loaderData.back}>{t("books.purchase.back")}</Link>
        </Button>
      </section>
    );
  }
  const amount = formatMoney(checkout.amount, checkout.currency, i18n.language);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold">
        {t("books.purchase.heading", { title: checkout.productName, amount })}
      </h1>
      <p className="mt-1 text-muted-foreground">{t("books.purchase.subtitle")}</p>
      <div className="mt-6">
        <CardForm
          checkoutId={checkout.id}
          amount={amount}
          result={actionData}
          cardholder={loaderData.cardholder}
        />
      </div>
    </div>
  );
}
