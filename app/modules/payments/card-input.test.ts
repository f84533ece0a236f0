import { describe, expect, it } from "vitest";
import {
  caretAfterDigits,
  digitsBefore,
  formatCardNumberInput,
  formatExpiryInput,
  normalizeExpiry,
} from "./card-input";

describe("card number as typed", () => {
  it("groups the digits by four and drops anything else", () => {
    expect(formatCardNumberInput("4")).toBe("4");
    expect(formatCardNumberInput("4242")).toBe("4242");
    expect(formatCardNumberInput("42424")).toBe("4242 4");
    expect(formatCardNumberInput("4242-4242 4242x4242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumberInput("12345678901234567890123")).toBe("1234 5678 9012 3456 789");
    expect(formatCardNumberInput("")).toBe("");
  });

  it("keeps the caret after the same digit", () => {
    // "4242 |4" typed a digit in the middle: "4242 94242" → "4242 9424 2", caret after the 9.
    const typed = "4242 94242";
    const formatted = formatCardNumberInput(typed);
    expect(formatted).toBe("4242 9424 2");
    expect(caretAfterDigits(formatted, digitsBefore(typed, 6))).toBe(6);
    // After the fourth digit the caret stays before the space the next digit will follow.
    expect(caretAfterDigits("4242", 4)).toBe(4);
    expect(caretAfterDigits("4242 4", 5)).toBe(6);
    expect(caretAfterDigits("4242 4", 0)).toBe(0);
  });
});

describe("expiry as typed", () => {
  it("turns digits into MM/YY", () => {
    expect(formatExpiryInput("1")).toBe("1");
    expect(formatExpiryInput("12")).toBe("12");
    expect(formatExpiryInput("123")).toBe("12/3");
    expect(formatExpiryInput("1230")).toBe("12/30");
    expect(formatExpiryInput("12/30")).toBe("12/30");
    expect(formatExpiryInput("12/30999")).toBe("12/30");
    expect(formatExpiryInput("1/")).toBe("01");
    expect(formatExpiryInput("1/3")).toBe("01/3");
    expect(formatExpiryInput("12/2030")).toBe("12/30");
    expect(formatExpiryInput("1 / 2030")).toBe("01/30");
    // Deleting back over the slash leaves the month.
    expect(formatExpiryInput("12/")).toBe("12");
  });

  it("is read by the server in every typed form", () => {
    expect(normalizeExpiry("1230")).toBe("12/30");
    expect(normalizeExpiry("12/30")).toBe("12/30");
    expect(normalizeExpiry(" 12 / 30 ")).toBe("12/30");
    expect(normalizeExpiry("1/30")).toBe("01/30");
    expect(normalizeExpiry("12/2030")).toBe("12/30");
    expect(normalizeExpiry("122030")).toBe("12/30");
    // Not an expiry: left for the MM/YY check to refuse.
    expect(normalizeExpiry("130")).toBe("130");
    expect(normalizeExpiry("12/3")).toBe("12/3");
    expect(normalizeExpiry("soon")).toBe("soon");
  });
});

describe("the card form's schema", () => {
  it("accepts an expiry typed as digits and hands on MM/YY", async () => {
    const { cardFormSchema } = await import("./validation");
    const card = { cardNumber: "4242 4242 4242 4242", cvc: "123", name: "Bea Buyer" };
    expect(cardFormSchema.parse({ ...card, expiry: "1230" }).expiry).toBe("12/30");
    expect(cardFormSchema.parse({ ...card, expiry: "12 / 30" }).expiry).toBe("12/30");
    const refused = cardFormSchema.safeParse({ ...card, expiry: "1330" });
    expect(refused.success ? null : refused.error.issues[0]!.message).toBe(
      "checkout.errors.expiryFormat",
    );
    const missing = cardFormSchema.safeParse({ ...card, expiry: " " });
    expect(missing.success ? null : missing.error.issues[0]!.message).toBe(
      "checkout.errors.expiryRequired",
    );
  });
});
