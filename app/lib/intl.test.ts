import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl";

describe("kept Intl formatters", () => {
  it("format like a new formatter and are made once per language and options", () => {
    expect(numberFormat("de").format(1234.5)).toBe(new Intl.NumberFormat("de").format(1234.5));
    expect(numberFormat("ar", { style: "currency", currency: "USD" }).format(30)).toBe(
      new Intl.NumberFormat("ar", { style: "currency", currency: "USD" }).format(30),
    );
    expect(numberFormat("de")).toBe(numberFormat("de"));
    expect(numberFormat("de")).not.toBe(numberFormat("fr"));
    expect(dateTimeFormat("en", { dateStyle: "long" })).toBe(
      dateTimeFormat("en", { dateStyle: "long" }),
    );
    expect(dateTimeFormat("en", { dateStyle: "long" })).not.toBe(
      dateTimeFormat("en", { dateStyle: "short" }),
    );
  });

  it("still refuses what Intl refuses", () => {
    expect(() => numberFormat("en", { style: "currency", currency: "NOT A CODE" })).toThrow(
      RangeError,
    );
  });
});
