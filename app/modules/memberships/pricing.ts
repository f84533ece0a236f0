import { numberFormat } from "#app/lib/intl";

/** The full membership's price and guarantee, read from public site settings (with SPEC defaults). */
export interface MembershipPricing {
  /** Minor units: 3000 = 30.00. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  guaranteeDays: number;
}

export const DEFAULT_PRICE = 3000;
export const DEFAULT_CURRENCY = "USD";
export const DEFAULT_GUARANTEE_DAYS = 30;

export function membershipPricing(settings: Record<string, string | undefined>): MembershipPricing {
  const amount = Number.parseInt(settings.membership_price ?? "", 10);
  const days = Number.parseInt(settings.guarantee_days ?? "", 10);
  const currency = (settings.membership_currency ?? "").trim().toUpperCase();
  return {
    amount: Number.isFinite(amount) && amount > 0 ? amount : DEFAULT_PRICE,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY,
    guaranteeDays: Number.isFinite(days) && days >= 0 ? days : DEFAULT_GUARANTEE_DAYS,
  };
}

/** Digits after the decimal point of a currency (2 for USD, 0 for JPY). */
export function minorUnitDigits(currency: string): number {
  return (
    numberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** 3000 USD → "$30.00" in English, "30,00 $US" in French. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  const digits = minorUnitDigits(currency);
  return numberFormat(locale, { style: "currency", currency }).format(amount / 10 ** digits);
}
