import { publicUrl } from "#server/config";
import { INDEXABLE_PATHS } from "#app/modules/shell/site-sections";

export function loader() {
  const base = publicUrl();
  const urls = INDEXABLE_PATHS.map((path) => `  <url><loc>${base}${path === "/" ? "/" : path}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
