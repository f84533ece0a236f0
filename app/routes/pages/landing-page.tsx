import { Link, data } from "react-router";
import type { Route } from "./+types/landing-page";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { RenderedMarkdown } from "#app/components/markdown";
import { Button } from "#app/components/ui/button";
import { renderMarkdown } from "#app/lib/markdown.server";
import { useRootData } from "#app/root";
import { getPage, siteFigures } from "#app/modules/pages/index.server";
import { SiteFigures } from "#app/modules/pages/components/site-figures";
import { ComparisonTable } from "#app/modules/memberships/components/comparison-table";

export const handle = {
  texts: ["landing", "billing"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((loaded) => loaded?.page.title ?? null),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  args.loaderData ? pageMeta(args, { text: args.loaderData.page.title }) : [];

/**
 * The landing pages (/free-courses, /sacred-oils …, decision 047): open to everyone, rendered on
 * the server from the page an admin edits on /admin/pages. The path is the page's slug.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.replace(/^\/|\/$/g, "");
  const page = await getPage(slug);
  if (!page || page.kind !== "landing" || !page.landing) throw data(null, { status: 404 });
  const content = page.landing;
  return {
    page: {
      title: page.title,
      subtitle: content.subtitle,
      sections: content.sections.map((s) => ({ heading: s.heading, html: renderMarkdown(s.body) })),
      ctas: content.ctas,
      comparison: content.comparison,
    },
    figures: content.comparison ? await siteFigures() : [],
  };
}

export default function LandingPage({ loaderData }: Route.ComponentProps) {
  const { page, figures } = loaderData;
  const { settings } = useRootData();
  return (
    <div>
      <section className="bg-[hsl(var(--primary-hsl)/0.08)]">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-5xl" dir="auto">
            {page.title}
          </h1>
          {page.subtitle ? (
            <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground" dir="auto">
              {page.subtitle}
            </p>
          ) : null}
          <CallsToAction ctas={page.ctas} className="mt-8 justify-center" />
        </div>
      </section>
      <div className="mx-auto max-w-4xl px-4 py-12">
        <div className="space-y-10">
          {page.sections.map((section, i) => (
            <section key={i} aria-labelledby={`section-${i}`}>
              <h2 id={`section-${i}`} className="text-2xl font-semibold break-words" dir="auto">
                {section.heading}
              </h2>
              <div className="mt-3">
                <RenderedMarkdown html={section.html} />
              </div>
            </section>
          ))}
        </div>
        {page.comparison ? (
          <>
            <SiteFigures figures={figures} />
            <ComparisonTable
              raw={settings.membership_comparison}
              siteName={settings.site_name}
              figures={figures}
            />
          </>
        ) : null}
        {page.ctas.length > 0 ? (
          <CallsToAction
            ctas={page.ctas}
            className="mt-14 justify-center border-t border-border pt-10"
          />
        ) : null}
      </div>
    </div>
  );
}

function CallsToAction({
  ctas,
  className,
}: {
  ctas: ReadonlyArray<{ label: string; path: string }>;
  className?: string;
}) {
  if (ctas.length === 0) return null;
  return (
    <div className={className}>
      <ul className="flex flex-wrap justify-center gap-3">
        {ctas.map((cta, i) => (
          <li key={cta.path + i}>
            <Button asChild size="lg" wrap variant={i === 0 ? "default" : "outline"}>
              <Link to={cta.path}>
                <bdi>{cta.label}</bdi>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
