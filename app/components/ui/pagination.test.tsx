import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { createI18n } from "#app/i18n/i18n";
import { I18nProvider } from "#app/i18n/react";
import en from "#app/i18n/locales/en.json";
import { Pagination } from "./pagination";

function render(at: string, page: number, pageCount: number): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[at]}>
      <I18nProvider i18n={createI18n("en", en)}>
        <Pagination page={page} pageCount={pageCount} />
      </I18nProvider>
    </MemoryRouter>,
  );
}

describe("ui/pagination", () => {
  it("shows nothing for a list that fits on one page", () => {
    expect(render("/members", 1, 1)).toBe("");
  });

  it("links to the pages around the current one, keeping the other parameters", () => {
    const html = render("/members?q=moon&page=2", 2, 3);
    expect(html).toContain('aria-label="Page 2 of 3"');
    expect(html).toContain('<span aria-current="page">Page 2 of 3</span>');
    // Page 1 has no page parameter; the search stays.
    expect(html).toContain('rel="prev" href="/members?q=moon"');
    expect(html).toContain('rel="next" href="/members?q=moon&amp;page=3"');
  });

  it("offers no previous link on the first page and no next link on the last", () => {
    const first = render("/admin/payments", 1, 2);
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain('rel="next" href="/admin/payments?page=2"');
    const last = render("/admin/payments?page=2", 2, 2);
    expect(last).toContain('rel="prev" href="/admin/payments"');
    expect(last).not.toContain('rel="next"');
  });
});
