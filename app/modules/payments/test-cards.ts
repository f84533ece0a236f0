/**
 * The built-in provider's test cards (the numbers Stripe's test mode uses for the same cases), so
 * the whole membership flow runs offline and is easy to try by hand.
 */
export const TEST_CARDS = {
  /** Pays now and on every renewal. */
  success: "4242424242424242",
  /** Declined at checkout: nothing is granted. */
  declined: "4000000000000002",
  /** Pays now; the renewal fails (the membership goes past due). */
  renewalFails: "4000000000000341",
} as const;

/** What "Use this card" puts in the other fields (any CVC and any future expiry will do). */
export const TEST_CARD_CVC = "123";

/** A valid expiry for the test cards: December, three years ahead ("12/29" in 2026). */
export function testCardExpiry(now = new Date()): string {
  return `12/${String((now.getFullYear() + 3) % 100).padStart(2, "0")}`;
}

export type TestCardOutcome = "success" | "declined" | "renewalFails" | "unknown";

/** Digits only, so "4242 4242 4242 4242" and "4242-4242-…" are the same card. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

export function testCardOutcome(input: string): TestCardOutcome {
  const digits = normalizeCardNumber(input);
  if (digits === TEST_CARDS.success) return "success";
  if (digits === TEST_CARDS.declined) return "declined";
  if (digits === TEST_CARDS.renewalFails) return "renewalFails";
  return "unknown";
}

/** "4242 4242 4242 4242" for display. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}
