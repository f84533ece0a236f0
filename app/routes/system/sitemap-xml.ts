import { publicUrl } from "#app/lib/config.server";
import { listablePath, readingAccess } from "#app/modules/reading";
import { membersOnlyReading } from "#app/modules/reading/index.server";
import { INDEXABLE_PATHS } from "#app/modules/shell";
import { articleHref, sitemapArticles } from "#app/modules/library/index.server";
import { approvedFaqs } from "#app/modules/guide/index.server";
import { sitemapBooks } from "#app/modules/books/index.server";

/**
 * For crawlers, who read as guests: while reading is members-only, no member pages. The library's
 * published articles are listed with their last change (a premium one's page shows its excerpt),
 * and so are published books (their page is open, with the sample chapter; unlisted ones never).
 */
export async function loader() {
  const base = publicUrl();
  const access = readingAccess({ membersOnly: await membersOnlyReading(), signedIn: false });
  const urls = INDEXABLE_PATHS.filter((path) => listablePath(path, access))
    .map((path) => `  <url><loc>${base}${path === "/" ? "/" : path}</loc></url>`)
    .join("\n");
  /** One `<url>` line per page with its last change. */
  const urlLines = <T extends { updatedAt: Date }>(pages: T[], path: (page: T) => string) =>
    pages
      .map(
        (page) =>
          `  <url><loc>${base}${path(page)}</loc><lastmod>${page.updatedAt.toISOString()}</lastmod></url>`,
      )
      .join("\n");
  const articles = urlLines(await sitemapArticles(), articleHref);
  // Approved FAQ entries are open to everyone, members-only reading or not; so are published books.
  const faqs = urlLines(await approvedFaqs(), (entry) => `/faq/${encodeURIComponent(entry.slug)}`);
  const books = urlLines(await sitemapBooks(), (book) => `/book/${encodeURIComponent(book.slug)}`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n${[articles, faqs, books].map((lines) => (lines ? `${lines}\n` : "")).join("")}</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
