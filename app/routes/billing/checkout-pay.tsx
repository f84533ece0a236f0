import { Clock } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link, data, redirect } from "react-router";
import type { Route } from "./+types/checkout-pay";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { requireUser } from "#app/modules/auth/index.server";
import { formatMoney } from "#app/modules/memberships";
import {
  CardDeclinedError,
  cardPageState,
  type CardPageState,
  BillingRefusedError,
  payBuiltinCheckout,
} from "#app/modules/payments/index.server";
import { CardForm, type CardFormResult } from "#app/modules/payments/components/card-form";
import { readCardForm } from "#app/modules/payments/index.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["billing"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "checkout.card.pageTitle", { noindex: true });

/** Redirects and 404 for every state but an open checkout (shared by loader and action). */
function openOrThrow(state: CardPageState) {
  if (state.kind === "notFound") throw data(null, { status: 404 });
  if (state.kind === "paid") throw redirect(`/payment-success?checkout=${state.checkoutId}`);
  if (state.kind === "member") throw redirect("/billing");
  return state;
}

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, url });
  const state = openOrThrow(await cardPageState(viewer, params.checkoutId));
  // The name "Use this card" fills in (a test card needs any name; the member's own reads best).
  const cardholder = viewer.profile.displayName;
  return state.kind === "open"
    ? { expired: false as const, checkout: state.checkout, cardholder }
    : { expired: true as const, checkout: null, cardholder };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = await requireUser({ request, url });
  const state = openOrThrow(await cardPageState(viewer, params.checkoutId));
  if (state.kind !== "open") throw redirect("/checkout");
  const card = await readCardForm(request);
  if (!card.ok) return data<CardFormResult>(card.result, { status: 400 });
  const { values } = card;
  try {
    await payBuiltinCheckout(viewer.user.id, state.checkout.id, card.cardNumber);
  } catch (error) {
    if (
      error instanceof BillingRefusedError &&
      (error.reason === "alreadyMember" || error.reason === "checkoutClosed")
    ) {
      // Refused before any charge: already a member by now, or this checkout was replaced.
      const key =
        error.reason === "alreadyMember"
          ? "checkout.errors.alreadyMember"
          : "checkout.errors.replaced";
      return data<CardFormResult>(
        {
          errors: { form: key },
          values: { name: values.name ?? "", expiry: values.expiry ?? "" },
          refusedAt: Date.now(),
        },
        { status: 409 },
      );
    }
    if (!(error instanceof CardDeclinedError)) throw error;
    const key =
      error.reason === "declined" ? "checkout.errors.declined" : "checkout.errors.notTestCard";
    // Nothing was granted; the member tries again with another card (name and expiry kept).
    return data<CardFormResult>(
      {
        errors: { form: key },
        values: { name: values.name ?? "", expiry: values.expiry ?? "" },
        refusedAt: Date.now(),
      },
      { status: 402 },
    );
  }
  throw redirect(`/payment-success?checkout=${state.checkout.id}`);
}

export default function CheckoutPay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  if (loaderData.expired || !loaderData.checkout) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="expired-title">
        <Clock className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h1 id="expired-title" className="mt-3 text-2xl font-semibold">
          {t("checkout.expired.title")}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("checkout.expired.text")}</p>
        <Button asChild className="mt-6">
          <Link to="/checkout">{t("checkout.expired.restart")}</Link>
        </Button>
      </section>
    );
  }
  const { checkout } = loaderData;
  const amount = formatMoney(checkout.amount, checkout.currency, i18n.language);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("checkout.card.heading", { amount })}</h1>
      <p className="mt-1 text-muted-foreground">{t("checkout.card.subtitle", { amount })}</p>
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
