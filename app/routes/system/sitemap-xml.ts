import { publicUrl } from "#app/lib/config.server";
import { listablePath, readingAccess } from "#app/modules/reading";
import { membersOnlyReading } from "#app/modules/reading/index.server";
import { INDEXABLE_PATHS } from "#app/modules/shell";
import { articleHref, sitemapArticles } from "#app/modules/library/index.server";

/**
 * For crawlers, who read as guests: while reading is members-only, no member pages. The library's
 * published articles are listed with their last change (a premium one's page shows its excerpt).
 */
export async function loader() {
  const base = publicUrl();
  const access = readingAccess({ membersOnly: await membersOnlyReading(), signedIn: false });
  const urls = INDEXABLE_PATHS.filter((path) => listablePath(path, access))
    .map((path) => `  <url><loc>${base}${path === "/" ? "/" : path}</loc></url>`)
    .join("\n");
  const articles = (await sitemapArticles())
    .map(
      (article) =>
        `  <url><loc>${base}${articleHref(article)}</loc><lastmod>${article.updatedAt.toISOString()}</lastmod></url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n${articles ? `${articles}\n` : ""}</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
