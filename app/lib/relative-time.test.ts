import { describe, expect, it } from "vitest";
import { createI18n } from "#app/i18n/i18n";
import en from "#app/i18n/locales/en.json";
import { relativeTime } from "./relative-time";

const { t } = createI18n("en", en);
const now = new Date("2026-11-23T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("relative time (SPEC §9)", () => {
  it("says just now under a minute", () => {
    expect(relativeTime(ago(0), t, "en", now)).toBe("just now");
    expect(relativeTime(ago(59), t, "en", now)).toBe("just now");
  });
  it("counts minutes, hours and days", () => {
    expect(relativeTime(ago(60), t, "en", now)).toBe("1m ago");
    expect(relativeTime(ago(59 * 60), t, "en", now)).toBe("59m ago");
    expect(relativeTime(ago(3600), t, "en", now)).toBe("1h ago");
    expect(relativeTime(ago(23 * 3600), t, "en", now)).toBe("23h ago");
    expect(relativeTime(ago(24 * 3600), t, "en", now)).toBe("1d ago");
    expect(relativeTime(ago(6 * 86400), t, "en", now)).toBe("6d ago");
  });
  it("shows a local date from seven days on, and never a negative age", () => {
    expect(relativeTime(ago(7 * 86400), t, "en", now)).toBe("Nov 16, 2026");
    expect(relativeTime(new Date(now.getTime() + 5000), t, "en", now)).toBe("just now");
  });
});
