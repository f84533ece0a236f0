import { ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { breadcrumbTrail } from "./breadcrumb-trail";

/** Segments naming a screen get that screen's translated name; others are title-cased. */
const SEGMENT_LABELS: Record<string, string> = {
  auth: "header.signIn",
  dashboard: "header.dashboard",
  settings: "header.settings",
  profile: "header.profile",
  help: "nav.helpCenter",
  guidelines: "nav.guidelines",
  faq: "nav.faq",
  about: "nav.about",
  privacy: "footer.privacy",
  terms: "footer.terms",
  refunds: "footer.refunds",
  sitemap: "nav.sitemap",
  search: "search.title",
  admin: "header.admin",
  users: "nav.users",
  pages: "nav.pages",
  outbox: "nav.outbox",
  audit: "nav.auditLog",
  "forgot-password": "auth.forgotTitle",
  "reset-password": "auth.resetTitle",
  subscription: "subscription.title",
  checkout: "checkout.title",
  pay: "checkout.card.pageTitle",
  "payment-success": "checkout.success.pageTitle",
  "payment-canceled": "checkout.canceled.title",
  billing: "billing.title",
  "manage-subscription": "billing.title",
  "billing-management": "billing.title",
  receipts: "billing.receipt.title",
};

/** SPEC §2: a trail built from the path's segments (title-cased, hyphens to spaces). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const trail = breadcrumbTrail(pathname);
  if (trail.length === 0) return null;
  return (
    <nav aria-label={t("nav.breadcrumb")} className="mx-auto w-full max-w-6xl px-4 pt-4 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-foreground hover:underline">
            {t("nav.home")}
          </Link>
        </li>
        {trail.map((crumb, index) => (
          <li key={crumb.href} className="flex items-center gap-1">
            <ChevronRight className="size-3.5 rtl:rotate-180" aria-hidden="true" />
            {index === trail.length - 1 ? (
              <span aria-current="page" className="text-foreground">
                {crumb.segment in SEGMENT_LABELS ? t(SEGMENT_LABELS[crumb.segment]) : crumb.label}
              </span>
            ) : (
              <Link to={crumb.href} className="hover:text-foreground hover:underline">
                {crumb.segment in SEGMENT_LABELS ? t(SEGMENT_LABELS[crumb.segment]) : crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
