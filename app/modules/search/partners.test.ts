import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "#app/modules/settings/validation";
import { partnerHref, partnerSites } from "./partners";

const base = {
  site_name: "S",
  site_description: "",
  primary_color: "#8B5CF6",
  secondary_color: "#64748b",
};

describe("partner search sites", () => {
  it("are hidden until both a name and a template are set", () => {
    expect(partnerSites({})).toEqual([]);
    expect(partnerSites({ search_partner1_name: "Coven School", search_partner1_url: "" })).toEqual(
      [],
    );
    expect(
      partnerSites({
        search_partner1_name: "Coven School",
        search_partner1_url: "https://coven.example/search?q={query}",
        search_partner2_name: "Amulet Shop",
        search_partner2_url: "https://shop.example/?s={query}",
      }).map((p) => p.name),
    ).toEqual(["Coven School", "Amulet Shop"]);
  });

  it("put the URL-encoded term where {query} is", () => {
    expect(
      partnerHref(
        { name: "S", urlTemplate: "https://shop.example/search?q={query}&lang=en" },
        "moon & sun",
      ),
    ).toBe("https://shop.example/search?q=moon%20%26%20sun&lang=en");
  });

  it("are validated in site settings: http(s), {query}, and both parts or neither", () => {
    expect(siteSettingsSchema.safeParse(base).success).toBe(true);
    const ok = siteSettingsSchema.safeParse({
      ...base,
      search_partner1_name: "Coven",
      search_partner1_url: "https://coven.example/search?q={query}",
    });
    expect(ok.success).toBe(true);
    const noPlaceholder = siteSettingsSchema.safeParse({
      ...base,
      search_partner1_name: "Coven",
      search_partner1_url: "https://coven.example/search",
    });
    expect(noPlaceholder.error?.issues[0]).toMatchObject({
      path: ["search_partner1_url"],
      message: "admin.settings.errors.partnerUrlInvalid",
    });
    const script = siteSettingsSchema.safeParse({
      ...base,
      search_partner2_name: "X",
      search_partner2_url: "javascript:alert(1)//{query}",
    });
    expect(script.success).toBe(false);
    const halfSet = siteSettingsSchema.safeParse({
      ...base,
      search_partner2_url: "https://shop.example/?s={query}",
    });
    expect(halfSet.error?.issues[0]).toMatchObject({
      path: ["search_partner2_name"],
      message: "admin.settings.errors.partnerIncomplete",
    });
  });
});
