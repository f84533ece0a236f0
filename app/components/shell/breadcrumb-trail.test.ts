import { describe, expect, it } from "vitest";
import { breadcrumbTrail } from "./breadcrumb-trail";

describe("breadcrumb trail (SPEC §2)", () => {
  it("title-cases each segment and turns hyphens into spaces", () => {
    expect(breadcrumbTrail("/help/community-guidelines")).toEqual([
      { segment: "help", label: "Help", href: "/help" },
      { segment: "community-guidelines", label: "Community Guidelines", href: "/help/community-guidelines" },
    ]);
  });

  it("is empty on the home page and ignores a trailing slash", () => {
    expect(breadcrumbTrail("/")).toEqual([]);
    expect(breadcrumbTrail("/faq/")).toEqual([{ segment: "faq", label: "Faq", href: "/faq" }]);
  });

  it("leaves out id segments", () => {
    expect(breadcrumbTrail("/messages/3f2504e0-4f89-11d3-9a0c-0305e82c3301").map((c) => c.label)).toEqual(["Messages"]);
  });
});
