import { publicUrl } from "#server/config";

export function loader() {
  const body = ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "Disallow: /settings", "Disallow: /dashboard", `Sitemap: ${publicUrl()}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
