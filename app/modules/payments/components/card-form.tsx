import { textKey } from "#app/i18n/i18n";
import { FlaskConical, Lock } from "lucide-react";
import { useRef, type FormEvent } from "react";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import {
  caretAfterDigits,
  digitsBefore,
  formatCardNumberInput,
  formatExpiryInput,
} from "../card-input";
import { formatCardNumber, TEST_CARD_CVC, TEST_CARDS, testCardExpiry } from "../test-cards";

export interface CardFormResult {
  errors: Record<string, string>;
  values: Record<string, string>;
  /** Set when the card was refused: the card number and CVC fields start empty again. */
  refusedAt?: number;
}

const CARDS: Array<{ number: string; outcome: string }> = [
  { number: TEST_CARDS.success, outcome: "checkout.testCards.success" },
  { number: TEST_CARDS.declined, outcome: "checkout.testCards.declined" },
  { number: TEST_CARDS.renewalFails, outcome: "checkout.testCards.renewalFails" },
];

/**
 * Reformats a field as it is typed (`format`), keeping the caret after the same digit, so typing,
 * deleting or pasting in the middle of a number behaves as in any other field.
 */
function formatAsTyped(format: (value: string) => string) {
  return (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const formatted = format(input.value);
    if (formatted === input.value) return;
    const digits = digitsBefore(input.value, input.selectionStart ?? input.value.length);
    input.value = formatted;
    const caret = caretAfterDigits(formatted, digits);
    if (document.activeElement === input) input.setSelectionRange(caret, caret);
  };
}

const formatCardNumberAsTyped = formatAsTyped(formatCardNumberInput);
const formatExpiryAsTyped = formatAsTyped(formatExpiryInput);

/** Sets a field's value as typing would (its input handlers, such as clearing an error, run). */
function setField(form: HTMLFormElement, name: string, value: string, onlyIfEmpty = false) {
  const input = form.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement) || (onlyIfEmpty && input.value.trim() !== "")) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * The built-in provider's card page: a plain POST form (works without JavaScript). The server
 * validates the format of every field and decides by the test card number; the button is disabled
 * while the payment is being submitted, and the server pays a checkout once whatever happens.
 * With JavaScript the number is grouped by four and the expiry becomes MM/YY as they are typed
 * (the server reads both however they were typed), and "Use this card" fills every field.
 */
export function CardForm({
  checkoutId,
  amount,
  result,
  cardholder,
}: {
  checkoutId: string;
  amount: string;
  result: CardFormResult | undefined;
  cardholder: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const formRef = useRef<HTMLFormElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const fillCard = (number: string) => {
    const form = formRef.current;
    if (!form) return;
    setField(form, "cardNumber", formatCardNumber(number));
    // The other fields only where they are empty: what the member typed stays.
    setField(form, "expiry", testCardExpiry(), true);
    setField(form, "cvc", TEST_CARD_CVC, true);
    setField(form, "name", cardholder, true);
    cardRef.current?.focus();
  };

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <aside
        className="h-fit rounded-xl border border-amber-500/40 bg-amber-500/10 p-5 text-sm md:order-last"
        aria-labelledby="test-cards-title"
        data-testid="test-cards"
      >
        <h2 id="test-cards-title" className="flex items-center gap-2 font-semibold">
          <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
          {t("checkout.testCards.title")}
        </h2>
        <p className="mt-2">{t("checkout.testCards.text")}</p>
        <ul className="mt-3 space-y-3">
          {CARDS.map((card) => (
            <li key={card.number} className="rounded-md bg-card/80 p-2">
              <code dir="ltr" className="block font-mono text-sm font-semibold tracking-wide">
                {formatCardNumber(card.number)}
              </code>
              <span className="block text-xs text-muted-foreground">
                {t(textKey(card.outcome))}
              </span>
              <Button
                type="button"
                variant="link"
                size="sm"
                className="mt-1 text-xs"
                onClick={() => fillCard(card.number)}
              >
                {t("checkout.testCards.use")}
              </Button>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-muted-foreground">{t("checkout.testCards.otherFields")}</p>
      </aside>

      <Form
        method="post"
        ref={formRef}
        className="space-y-4 rounded-xl border border-border bg-card p-6"
        noValidate
        aria-labelledby="card-title"
      >
        <h2 id="card-title" className="text-lg font-semibold">
          {t("checkout.card.title")}
        </h2>
        {errors.form ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
            data-testid="card-error"
          >
            {t(textKey(errors.form))}
          </p>
        ) : null}
        <FormField
          key={`card-${result?.refusedAt ?? 0}`}
          ref={cardRef}
          label={t("checkout.card.number")}
          name="cardNumber"
          defaultValue={values.cardNumber}
          error={errors.cardNumber}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          dir="ltr"
          maxLength={23}
          onInput={formatCardNumberAsTyped}
          required
        />
        <div className="grid grid-cols-2 gap-4">
          <FormField
            label={t("checkout.card.expiry")}
            name="expiry"
            defaultValue={values.expiry}
            error={errors.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t("checkout.card.expiryPlaceholder")}
            dir="ltr"
            maxLength={7}
            onInput={formatExpiryAsTyped}
            required
          />
          <FormField
            key={`cvc-${result?.refusedAt ?? 0}`}
            label={t("checkout.card.cvc")}
            name="cvc"
            error={errors.cvc}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            dir="ltr"
            maxLength={4}
            required
          />
        </div>
        <FormField
          label={t("checkout.card.name")}
          name="name"
          defaultValue={values.name}
          error={errors.name}
          autoComplete="cc-name"
          maxLength={100}
          required
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={busy}
          aria-disabled={busy || undefined}
        >
          <Lock aria-hidden="true" />
          {busy ? t("checkout.card.paying") : t("checkout.card.pay", { amount })}
        </Button>
        <p className="text-center text-sm">
          <Link
            to={`/payment-canceled?checkout=${checkoutId}`}
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            {t("checkout.card.cancel")}
          </Link>
        </p>
      </Form>
    </div>
  );
}
