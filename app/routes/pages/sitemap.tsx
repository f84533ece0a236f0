import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/sitemap";
import { pageMeta } from "#app/i18n/meta";
import { SITE_SECTIONS } from "#app/modules/shell";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "pages.sitemapTitle");

export default function Sitemap() {
  const { t } = useTranslation();
  const sections = [
    { title: t("pages.sectionCommunity"), links: SITE_SECTIONS.community },
    { title: t("pages.sectionLearn"), links: SITE_SECTIONS.learn },
    { title: t("pages.sectionHelp"), links: SITE_SECTIONS.help },
    { title: t("pages.sectionAccount"), links: SITE_SECTIONS.account },
    { title: t("pages.sectionLegal"), links: SITE_SECTIONS.legal },
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("pages.sitemapTitle")}</h1>
      <p className="mt-1 text-muted-foreground">{t("pages.sitemapIntro")}</p>
      <div className="mt-8 grid gap-8 sm:grid-cols-2">
        {sections.map((section) => (
          <section key={section.title}>
            <h2 className="text-lg font-semibold">{section.title}</h2>
            <ul className="mt-3 space-y-2">
              {section.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className="text-primary underline-offset-4 hover:underline">
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
