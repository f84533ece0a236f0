import { publicUrl } from "#app/lib/config.server";
import { MEMBERS_ONLY_PATHS } from "#app/modules/reading";
import { membersOnlyReading } from "#app/modules/reading/index.server";

export async function loader() {
  // While reading is members-only, crawlers are also told to leave the member pages alone.
  const closed = (await membersOnlyReading())
    ? MEMBERS_ONLY_PATHS.map((path) => `Disallow: ${path}`)
    : [];
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /settings",
    "Disallow: /dashboard",
    ...closed,
    `Sitemap: ${publicUrl()}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=600",
    },
  });
}
