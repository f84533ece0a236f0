import { fieldErrors, formValues, readForm } from "#app/lib/form";
import type { CardFormResult } from "./components/card-form";
import { cardFormSchema } from "./validation";

/**
 * The built-in provider's card form as an action reads it (the membership's and a purchase's card
 * pages alike): the card, or the errors and typed values to show again. The CVC is never sent
 * back to the browser.
 */
export async function readCardForm(
  request: Request,
): Promise<
  | { ok: true; cardNumber: string; values: Record<string, string> }
  | { ok: false; result: CardFormResult }
> {
  const form = await readForm(request);
  const values = formValues(form, ["cvc"]);
  const cvc = form.get("cvc");
  const parsed = cardFormSchema.safeParse({
    cardNumber: "",
    expiry: "",
    name: "",
    ...values,
    cvc: typeof cvc === "string" ? cvc : "",
  });
  if (!parsed.success) return { ok: false, result: { errors: fieldErrors(parsed.error), values } };
  return { ok: true, cardNumber: parsed.data.cardNumber, values };
}
