import { describe, expect, it } from "vitest";
import { filterHref, isFiltered } from "./list-filters";

describe("list filter links", () => {
  const defaults = { view: "list", format: "all", page: "1" };

  it("keep every value but the defaults and empty ones, in order", () => {
    expect(
      filterHref(
        "/covens/events",
        { view: "month", month: "2027-03", format: "online", coven: "", page: "1" },
        defaults,
      ),
    ).toBe("/covens/events?view=month&month=2027-03&format=online");
    expect(filterHref("/covens/events", { view: "list", format: "all", page: "1" }, defaults)).toBe(
      "/covens/events",
    );
  });

  it("encode what members type", () => {
    expect(filterHref("/covens", { q: "moon & sun", tag: "ستاره" })).toBe(
      "/covens?q=moon+%26+sun&tag=%D8%B3%D8%AA%D8%A7%D8%B1%D9%87",
    );
  });

  it("tell whether any named filter is set", () => {
    expect(isFiltered({ format: "all", coven: "" }, defaults, ["format", "coven"])).toBe(false);
    expect(isFiltered({ format: "online", coven: "" }, defaults, ["format", "coven"])).toBe(true);
    // A parameter that is not a filter (the view) does not count.
    expect(isFiltered({ view: "month", format: "all" }, defaults, ["format"])).toBe(false);
  });
});
