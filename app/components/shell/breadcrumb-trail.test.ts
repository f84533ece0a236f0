import type { TFunction } from "#app/i18n/i18n";
import { describe, expect, it } from "vitest";
import { breadcrumbTrail } from "./breadcrumb-trail";

/** Translates into a visible marker, so the test sees which labels went through translation. */
const t = ((key: string) => `«${key}»`) as unknown as TFunction;
const labels = (pathname: string, own?: Parameters<typeof breadcrumbTrail>[2]) =>
  breadcrumbTrail(pathname, t, own).map((c) => c.label);

describe("breadcrumb trail (SPEC §2)", () => {
  it("names screens by their translated names and title-cases what nobody named", () => {
    expect(breadcrumbTrail("/help/community-guidelines", t)).toEqual([
      { href: "/help", label: "«nav.helpCenter»", own: false },
      { href: "/help/community-guidelines", label: "Community Guidelines", own: false },
    ]);
    expect(labels("/admin/users")).toEqual(["«header.admin»", "«nav.users»"]);
    expect(labels("/admin/broadcast")).toEqual(["«header.admin»", "«nav.broadcast»"]);
  });

  it("is empty on the home page and ignores a trailing slash", () => {
    expect(breadcrumbTrail("/", t)).toEqual([]);
    expect(labels("/faq/")).toEqual(["«nav.faq»"]);
  });

  it("takes the last parts' names from the page's own data, not from the address", () => {
    expect(breadcrumbTrail("/discussions/hello-from-osaka", t, "Hello from Ōsaka!")).toEqual([
      { href: "/discussions", label: "«discussions.title»", own: false },
      { href: "/discussions/hello-from-osaka", label: "Hello from Ōsaka!", own: true },
    ]);
    expect(labels("/discussions/hello-from-osaka/edit", ["Hello from Ōsaka!", "Edit"])).toEqual([
      "«discussions.title»",
      "Hello from Ōsaka!",
      "Edit",
    ]);
  });

  it("leaves out ids nobody named, but keeps a named one", () => {
    const id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    expect(labels(`/messages/${id}`)).toEqual(["«messages.title»"]);
    expect(labels(`/messages/${id}`, "Layla Haddad")).toEqual(["«messages.title»", "Layla Haddad"]);
  });

  it("leaves out what a failed page would have named, and has no trail where the page says so", () => {
    expect(labels("/discussions/no-such-post", null)).toEqual(["«discussions.title»"]);
    expect(labels("/no/such/page", false)).toEqual([]);
  });
});
