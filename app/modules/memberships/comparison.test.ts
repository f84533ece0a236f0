import { describe, expect, it } from "vitest";
import { COMPARISON_ROWS, DEFAULT_COMPARISON, comparisonTable, parseComparison, serializeComparison, type ComparisonFacts } from "./comparison";

const facts: ComparisonFacts = { members: 1234, videos: null, privateForums: true, guaranteeDays: 30, monthlyPrice: "$30.00" };

describe("parseComparison (the membership_comparison setting)", () => {
  it("falls back to the SPEC defaults when the setting is empty, broken or of the wrong shape", () => {
    for (const raw of [undefined, null, "", "   ", "{not json", "[]", "42", '"text"', "null"]) {
      expect(parseComparison(raw)).toEqual(DEFAULT_COMPARISON);
    }
    // SPEC §9 claims about competitors: 20-30 videos, a community under 500.
    expect(DEFAULT_COMPARISON.competitors[0].values.videoCount).toBe("20–30");
    expect(DEFAULT_COMPARISON.competitors[0].values.communitySize).toBe("< 500");
  });

  it("reads competitor names and values, and our declared features", () => {
    const parsed = parseComparison(
      JSON.stringify({
        competitors: [
          { name: "  Academy X ", values: { videoCount: 25, grimoireAccess: false, monthlyPrice: "$49" } },
          { name: "Forum Y", values: { privateForums: true, guarantee: null } },
        ],
        ours: { grimoireAccess: true, ritualGuides: "12 guides" },
      }),
    );
    expect(parsed.competitors[0]).toEqual({ name: "Academy X", values: { videoCount: 25, grimoireAccess: false, monthlyPrice: "$49" } });
    expect(parsed.competitors[1]).toEqual({ name: "Forum Y", values: { privateForums: true, guarantee: null } });
    expect(parsed.ours).toEqual({ grimoireAccess: true, ritualGuides: "12 guides" });
  });

  it("drops unknown rows and unusable values, trims and bounds texts, keeps missing competitors at their defaults", () => {
    const parsed = parseComparison(
      JSON.stringify({
        competitors: [{ name: "", values: { videoCount: { nested: true }, hackers: 1, contentUpdates: "x".repeat(200), ritualGuides: "  ", expertTeaching: Number.NaN } }],
        ours: "nope",
      }),
    );
    expect(parsed.competitors[0].name).toBeNull();
    expect(parsed.competitors[0].values).toEqual({ contentUpdates: "x".repeat(80), ritualGuides: null, expertTeaching: null });
    expect(parsed.competitors[1]).toEqual(DEFAULT_COMPARISON.competitors[1]);
    expect(parsed.ours).toEqual({});
  });

  it("never lets the setting claim our computed figures (member count, videos, price, guarantee, forums)", () => {
    const parsed = parseComparison(JSON.stringify({ ours: { communitySize: "10,000+", videoCount: "121+", monthlyPrice: "$1", guarantee: "1 year", privateForums: true, prioritySupport: true } }));
    expect(parsed.ours).toEqual({ prioritySupport: true });
  });

  it("round-trips through serializeComparison", () => {
    const settings = parseComparison(JSON.stringify({ competitors: [{ name: "A", values: { guarantee: false } }, { name: "B", values: {} }], ours: { contentUpdates: "Weekly" } }));
    expect(parseComparison(serializeComparison(settings))).toEqual(settings);
  });
});

describe("comparisonTable (our column is the product's truth)", () => {
  it("uses the real member count, price, guarantee and forums; hides rows we have nothing for", () => {
    const rows = comparisonTable(DEFAULT_COMPARISON, facts);
    expect(rows.map((r) => r.row)).toEqual(["communitySize", "privateForums", "guarantee", "monthlyPrice"]);
    expect(rows[0]).toEqual({ row: "communitySize", ours: { kind: "members", count: 1234 }, competitors: [{ kind: "text", text: "< 500" }, { kind: "text", text: "< 500" }] });
    expect(rows[1].ours).toEqual({ kind: "yes" });
    expect(rows[1].competitors).toEqual([{ kind: "no" }, { kind: "no" }]);
    expect(rows[2].ours).toEqual({ kind: "days", count: 30 });
    expect(rows[3]).toEqual({ row: "monthlyPrice", ours: { kind: "price", text: "$30.00" }, competitors: [{ kind: "none" }, { kind: "none" }] });
  });

  it("shows the video row only once videos exist, and declared features in SPEC order", () => {
    const settings = parseComparison(JSON.stringify({ ours: { grimoireAccess: true, expertTeaching: "Verified teachers", prioritySupport: false } }));
    const rows = comparisonTable(settings, { ...facts, videos: 121 });
    expect(rows.map((r) => r.row)).toEqual(["videoCount", "grimoireAccess", "communitySize", "privateForums", "expertTeaching", "guarantee", "monthlyPrice"]);
    expect(rows[0].ours).toEqual({ kind: "videos", count: 121 });
    expect(rows[0].competitors[0]).toEqual({ kind: "text", text: "20–30" });
    expect(rows[4].ours).toEqual({ kind: "text", text: "Verified teachers" });
    expect(rows.map((r) => r.row).every((row) => COMPARISON_ROWS.includes(row))).toBe(true);
  });

  it("hides the guarantee without one, forums without premium categories, community size for an empty community", () => {
    const rows = comparisonTable(DEFAULT_COMPARISON, { ...facts, members: 0, privateForums: false, guaranteeDays: 0 });
    expect(rows.map((r) => r.row)).toEqual(["monthlyPrice"]);
  });
});
