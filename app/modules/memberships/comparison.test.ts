import { describe, expect, it } from "vitest";
import {
  COMPARISON_ROWS,
  DEFAULT_COMPARISON,
  claimedFigure,
  comparisonRows,
  comparisonTable,
  parseComparison,
  serializeComparison,
  type ComparisonFacts,
  type ComparisonSettings,
} from "./comparison";
import { comparisonFormValues, comparisonFromForm, field } from "./comparison-form";

const facts: ComparisonFacts = {
  members: 1234,
  videos: null,
  community: { premiumCategories: true },
  guaranteeDays: 30,
  monthlyAmount: 30,
  monthlyPrice: "$30.00",
};

/** The defaults with the two competitors' values for one row replaced. */
function claims(
  row: (typeof COMPARISON_ROWS)[number],
  first: unknown,
  second: unknown = null,
): ComparisonSettings {
  return parseComparison(
    JSON.stringify({
      competitors: [
        { values: { ...DEFAULT_COMPARISON.competitors[0].values, [row]: first } },
        { values: { ...DEFAULT_COMPARISON.competitors[1].values, [row]: second } },
      ],
    }),
  );
}
const shown = (settings: ComparisonSettings, f: ComparisonFacts = facts) =>
  comparisonTable(settings, f).map((r) => r.row);
const reason = (settings: ComparisonSettings, row: string, f: ComparisonFacts = facts) =>
  comparisonRows(settings, f).find((r) => r.row === row)?.hidden;

describe("parseComparison (the membership_comparison setting)", () => {
  it("falls back to the SPEC defaults when the setting is empty, broken or of the wrong shape", () => {
    for (const raw of [undefined, null, "", "   ", "{not json", "[]", "42", '"text"', "null"]) {
      expect(parseComparison(raw)).toEqual(DEFAULT_COMPARISON);
    }
    // SPEC §9 claims about competitors: 20-30 videos, a community under 500; every row on.
    expect(DEFAULT_COMPARISON.competitors[0].values.videoCount).toBe("20–30");
    expect(DEFAULT_COMPARISON.competitors[0].values.communitySize).toBe("< 500");
    expect(DEFAULT_COMPARISON.rows).toEqual([...COMPARISON_ROWS]);
  });

  it("reads competitor names and values, our declared features and the rows to show", () => {
    const parsed = parseComparison(
      JSON.stringify({
        competitors: [
          {
            name: "  Academy X ",
            values: { videoCount: 25, grimoireAccess: false, monthlyPrice: "$49" },
          },
          { name: "Forum Y", values: { privateForums: true, guarantee: null } },
        ],
        ours: { grimoireAccess: true, ritualGuides: "12 guides" },
        rows: ["monthlyPrice", "communitySize", "nonsense", 7],
      }),
    );
    expect(parsed.competitors[0]).toEqual({
      name: "Academy X",
      values: { videoCount: 25, grimoireAccess: false, monthlyPrice: "$49" },
    });
    expect(parsed.competitors[1]).toEqual({
      name: "Forum Y",
      values: { privateForums: true, guarantee: null },
    });
    expect(parsed.ours).toEqual({ grimoireAccess: true, ritualGuides: "12 guides" });
    // Unknown entries are dropped; the order is SPEC's.
    expect(parsed.rows).toEqual(["communitySize", "monthlyPrice"]);
  });

  it("drops unknown rows and unusable values, trims and bounds texts, keeps missing competitors at their defaults", () => {
    const parsed = parseComparison(
      JSON.stringify({
        competitors: [
          {
            name: "",
            values: {
              videoCount: { nested: true },
              hackers: 1,
              contentUpdates: "x".repeat(200),
              ritualGuides: "  ",
              expertTeaching: Number.NaN,
            },
          },
        ],
        ours: "nope",
      }),
    );
    expect(parsed.competitors[0].name).toBeNull();
    expect(parsed.competitors[0].values).toEqual({
      contentUpdates: "x".repeat(80),
      ritualGuides: null,
      expertTeaching: null,
    });
    expect(parsed.competitors[1]).toEqual(DEFAULT_COMPARISON.competitors[1]);
    expect(parsed.ours).toEqual({});
  });

  it("never lets the setting claim our computed figures (member count, videos, price, guarantee, forums)", () => {
    const parsed = parseComparison(
      JSON.stringify({
        ours: {
          communitySize: "10,000+",
          videoCount: "121+",
          monthlyPrice: "$1",
          guarantee: "1 year",
          privateForums: true,
          prioritySupport: true,
        },
      }),
    );
    expect(parsed.ours).toEqual({ prioritySupport: true });
  });

  it("round-trips through serializeComparison", () => {
    const settings = parseComparison(
      JSON.stringify({
        competitors: [
          { name: "A", values: { guarantee: false } },
          { name: "B", values: {} },
        ],
        ours: { contentUpdates: "Weekly" },
        rows: ["guarantee"],
      }),
    );
    expect(parseComparison(serializeComparison(settings))).toEqual(settings);
  });
});

describe("comparisonTable: only rows that are true and favourable", () => {
  it("uses the real member count, price, guarantee and forums; hides rows we have nothing for", () => {
    const rows = comparisonTable(DEFAULT_COMPARISON, facts);
    expect(rows.map((r) => r.row)).toEqual([
      "communitySize",
      "privateForums",
      "guarantee",
      "monthlyPrice",
    ]);
    expect(rows[0]).toEqual({
      row: "communitySize",
      ours: { kind: "members", count: 1234 },
      competitors: [
        { kind: "text", text: "< 500" },
        { kind: "text", text: "< 500" },
      ],
    });
    expect(rows[1]!.ours).toEqual({ kind: "yes" });
    expect(rows[1]!.competitors).toEqual([{ kind: "no" }, { kind: "no" }]);
    expect(rows[2]!.ours).toEqual({ kind: "days", count: 30 });
    expect(rows[3]).toEqual({
      row: "monthlyPrice",
      ours: { kind: "price", text: "$30.00" },
      competitors: [{ kind: "none" }, { kind: "none" }],
    });
  });

  it("never boasts a member count smaller than a competitor's claim", () => {
    // A young community of 12 next to "< 500": the row would tell visitors the other site is bigger.
    expect(shown(DEFAULT_COMPARISON, { ...facts, members: 12 })).not.toContain("communitySize");
    expect(reason(DEFAULT_COMPARISON, "communitySize", { ...facts, members: 12 })).toBe(
      "unfavourable",
    );
    expect(shown(DEFAULT_COMPARISON, { ...facts, members: 500 })).toContain("communitySize");
    expect(shown(claims("communitySize", "2,000+"), { ...facts, members: 1500 })).not.toContain(
      "communitySize",
    );
    expect(shown(claims("communitySize", 100, 150), { ...facts, members: 150 })).toContain(
      "communitySize",
    );
    // A claim that cannot be compared hides the row; no claim at all does not.
    expect(shown(claims("communitySize", true))).not.toContain("communitySize");
    expect(shown(claims("communitySize", "a large one"))).not.toContain("communitySize");
    expect(shown(claims("communitySize", false, null))).toContain("communitySize");
  });

  it("shows the price only when no competitor states a lower one, the guarantee only when no longer one", () => {
    expect(shown(claims("monthlyPrice", "$19"))).not.toContain("monthlyPrice");
    expect(shown(claims("monthlyPrice", "$49.90", "€30"))).toContain("monthlyPrice");
    expect(shown(claims("guarantee", "60 days"))).not.toContain("guarantee");
    expect(shown(claims("guarantee", "14 days", false))).toContain("guarantee");
  });

  it("shows a capability row only when the benefits registry has it in this community", () => {
    const declared = parseComparison(
      JSON.stringify({ ours: { grimoireAccess: true, ritualGuides: "12 guides" } }),
    );
    // Grimoires and rituals are not built yet, whatever the setting says.
    expect(reason(declared, "grimoireAccess")).toBe("unavailable");
    expect(reason(declared, "ritualGuides")).toBe("unavailable");
    // Videos are: the row is our real count, shown when it beats the competitors' "20–30".
    expect(shown(declared, { ...facts, videos: 121 })).toEqual([
      "videoCount",
      "communitySize",
      "privateForums",
      "guarantee",
      "monthlyPrice",
    ]);
    expect(reason(declared, "videoCount", { ...facts, videos: 12 })).toBe("unfavourable");
    expect(reason(declared, "videoCount", { ...facts, videos: null })).toBe("empty");
    // Private forums need premium categories.
    expect(
      reason(DEFAULT_COMPARISON, "privateForums", {
        ...facts,
        community: { premiumCategories: false },
      }),
    ).toBe("unavailable");
  });

  it("shows declared service promises in SPEC order, never a declared ✗, and only the rows the admin turned on", () => {
    const settings = parseComparison(
      JSON.stringify({
        ours: { expertTeaching: "Verified teachers", prioritySupport: false },
        rows: ["expertTeaching", "prioritySupport", "communitySize", "monthlyPrice"],
      }),
    );
    const rows = comparisonTable(settings, facts);
    expect(rows.map((r) => r.row)).toEqual(["communitySize", "expertTeaching", "monthlyPrice"]);
    expect(rows[1]!.ours).toEqual({ kind: "text", text: "Verified teachers" });
    expect(reason(settings, "prioritySupport")).toBe("empty");
    expect(reason(settings, "guarantee")).toBe("off");
    expect(rows.every((r) => COMPARISON_ROWS.includes(r.row))).toBe(true);
  });

  it("hides the guarantee without one and community size for an empty community", () => {
    const rows = comparisonTable(DEFAULT_COMPARISON, {
      ...facts,
      members: 0,
      community: { premiumCategories: false },
      guaranteeDays: 0,
    });
    expect(rows.map((r) => r.row)).toEqual(["monthlyPrice"]);
  });
});

describe("claimedFigure", () => {
  it("reads the highest figure a claim states", () => {
    expect(claimedFigure("< 500")).toBe(500);
    expect(claimedFigure("20–30")).toBe(30);
    expect(claimedFigure("2,000+")).toBe(2000);
    expect(claimedFigure("$49.90")).toBe(49.9);
    expect(claimedFigure(75)).toBe(75);
    expect(claimedFigure(false)).toBeNull();
    expect(claimedFigure(null)).toBeNull();
    expect(claimedFigure(undefined)).toBeNull();
    expect(claimedFigure(true)).toBeUndefined();
    expect(claimedFigure("lots")).toBeUndefined();
  });
});

describe("the admin form of the comparison table", () => {
  it("shows stored settings and saves them back unchanged", () => {
    const settings = parseComparison(
      JSON.stringify({
        competitors: [
          {
            name: "Academy X",
            values: { communitySize: "< 500", guarantee: false, videoCount: 25 },
          },
          { name: null, values: { privateForums: true } },
        ],
        ours: { expertTeaching: "Verified teachers" },
        rows: ["communitySize", "expertTeaching"],
      }),
    );
    const values = comparisonFormValues(settings);
    expect(values[field.show("communitySize")]).toBe("on");
    expect(values[field.show("guarantee")]).toBeUndefined();
    expect(values[field.competitor(1, "guarantee")]).toBe("no");
    expect(values[field.competitor(2, "privateForums")]).toBe("yes");
    const saved = comparisonFromForm(values);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.settings.rows).toEqual(["communitySize", "expertTeaching"]);
    expect(saved.settings.competitors[0]).toMatchObject({
      name: "Academy X",
      values: { communitySize: "< 500", guarantee: false, videoCount: 25 },
    });
    expect(saved.settings.competitors[1]).toMatchObject({
      name: null,
      values: { privateForums: true },
    });
    expect(saved.settings.ours).toMatchObject({ expertTeaching: "Verified teachers" });
    // Our computed rows have no field: nothing typed can claim them.
    expect(Object.keys(values).some((name) => name === field.ours("communitySize"))).toBe(false);
  });

  it("refuses texts that are too long, naming the fields", () => {
    const result = comparisonFromForm({
      [field.name(1)]: "n".repeat(61),
      [field.competitor(2, "contentUpdates")]: "x".repeat(81),
      [field.ours("prioritySupport")]: "yes",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        [field.name(1)]: "admin.comparison.errors.nameTooLong",
        [field.competitor(2, "contentUpdates")]: "admin.comparison.errors.valueTooLong",
      },
    });
  });
});
