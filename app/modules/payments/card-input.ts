import { formatCardNumber } from "./test-cards";

/*
 * How the card page's fields read what people type: a card number in groups of four as it is
 * typed, and an expiry typed as digits ("1230") shown and read as MM/YY. Pure functions shared by
 * the form (formatting as typed) and the server (reading what was sent, also without JavaScript).
 */

export const CARD_DIGITS_MAX = 19;

const digitsOf = (value: string) => value.replace(/\D/g, "");

/** "4242424242" → "4242 4242 42"; anything but digits dropped; at most 19 digits. */
export function formatCardNumberInput(value: string): string {
  return formatCardNumber(digitsOf(value).slice(0, CARD_DIGITS_MAX));
}

/**
 * What the expiry field shows as it is typed: up to two digits as they are, then MM/YY ("123" →
 * "12/3", "1230" → "12/30"). A one-digit month closed with a slash gets its zero ("1/" → "01"),
 * and a pasted "12/2030" becomes "12/30".
 */
export function formatExpiryInput(value: string): string {
  // A whole date pasted with a four-digit year ("12/2030") is read as the server reads it.
  if (/^\s*\d{1,2}\s*\/\s*\d{4}\s*$/.test(value)) return normalizeExpiry(value);
  const oneDigitMonth = /^\s*(\d)\s*\/(.*)$/.exec(value);
  const digits = digitsOf(oneDigitMonth ? `0${oneDigitMonth[1]}${oneDigitMonth[2]}` : value).slice(
    0,
    4,
  );
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The expiry as the server reads it: "12/30", "1230", "12 / 30", "1/30" and "12/2030" are all
 * "12/30"; anything else is returned as it came (and fails the MM/YY check).
 */
export function normalizeExpiry(value: string): string {
  const compact = value.replace(/\s/g, "");
  const [, month, year] =
    /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact) ?? /^(\d{2})(\d{2}|\d{4})$/.exec(compact) ?? [];
  return month && year ? `${month.padStart(2, "0")}/${year.slice(-2)}` : compact;
}

/** Where the caret belongs in `formatted`: just after its `digits`-th digit (0: the start). */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i)) && ++seen === digits) return i + 1;
  }
  return formatted.length;
}

/** The number of digits before position `caret` of `value`. */
export function digitsBefore(value: string, caret: number): number {
  return digitsOf(value.slice(0, caret)).length;
}
