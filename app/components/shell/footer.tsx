import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { cn } from "#app/lib/cn";
import { useRootData } from "#app/root";
import { useSiteDescription } from "#app/modules/settings/use-site-description";
import { useCommunityCounts } from "#app/modules/shell/use-community-counts";

/** SPEC §2 footer: links to screens that exist, the company's postal address and the copyright line. */
export function Footer({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { settings, year, viewer } = useRootData();
  const description = useSiteDescription();
  const { academyCategories } = useCommunityCounts();
  const columns = [
    {
      // SPEC §2: 'The Academy' and up to 8 active academy categories.
      title: t("academy.nav"),
      links: [
        { to: "/academy", label: t("academy.nav") },
        ...academyCategories.map((category) => ({
          to: `/academy/category/${encodeURIComponent(category.slug)}`,
          label: category.title,
        })),
      ],
    },
    {
      title: t("footer.explore"),
      links: [
        { to: "/", label: t("nav.sanctuary") },
        { to: "/discussions", label: t("nav.discussions") },
        { to: "/members", label: t("members.title") },
        { to: "/testimonials", label: t("nav.testimonials") },
        { to: "/tutorials-landing", label: t("nav.tutorials") },
        { to: "/about", label: t("nav.about") },
        { to: "/sitemap", label: t("nav.sitemap") },
      ],
    },
    {
      title: t("footer.support"),
      links: [
        { to: "/help", label: t("nav.helpCenter") },
        { to: "/help/guidelines", label: t("nav.guidelines") },
        { to: "/faq", label: t("nav.faq") },
      ],
    },
    {
      title: t("footer.legal"),
      links: [
        { to: "/privacy", label: t("footer.privacy") },
        { to: "/terms", label: t("footer.terms") },
        { to: "/refunds", label: t("footer.refunds") },
      ],
    },
    {
      title: t("footer.account"),
      links: viewer
        ? [
            { to: "/dashboard", label: t("header.dashboard") },
            { to: "/profile", label: t("header.profile") },
            { to: "/settings", label: t("header.settings") },
            { to: "/subscription", label: t("subscription.nav") },
          ]
        : [
            { to: "/auth", label: t("header.signIn") },
            { to: "/subscription", label: t("subscription.nav") },
          ],
    },
  ];
  return (
    <footer className={cn("mt-12 border-t border-border bg-card", className)}>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-1">
          <p className="font-semibold">{settings.site_name}</p>
          <p className="mt-2 text-sm text-muted-foreground">{description}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-muted-foreground hover:text-foreground hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          {settings.company_address ? (
            <address className="not-italic">
              <span className="sr-only">{t("footer.address")}: </span>
              {settings.company_address}
            </address>
          ) : null}
          <p>
            {t("footer.copyright", { year, company: settings.company_name || settings.site_name })}
          </p>
        </div>
      </div>
    </footer>
  );
}
