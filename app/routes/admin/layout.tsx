import { useTranslation } from "#app/i18n/react";
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { pageMeta } from "#app/i18n/meta";
import { ScrollRow } from "#app/components/ui/scroll-row";
import { cn } from "#app/lib/cn";
import { requireAdmin } from "#app/modules/auth/index.server";
import { resumeStalledImport } from "#app/modules/member-import/index.server";
import { logger } from "#app/lib/logger.server";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of the admin pages beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["admin"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  // SPEC §9: an admin page starts the newest pending member import (here: one whose runs stopped).
  try {
    await resumeStalledImport();
  } catch (error) {
    logger.warn({ err: error }, "checking for a stalled member import failed");
  }
  return null;
}

/** The admin area: its own navigation instead of the side navigation (SPEC §2). */
export default function AdminLayout() {
  const { t } = useTranslation();
  const links = [
    { to: "/admin", label: t("admin.overview"), end: true },
    { to: "/admin/settings", label: t("nav.siteSettings") },
    { to: "/admin/users", label: t("nav.users") },
    { to: "/admin/import", label: t("nav.memberImport") },
    { to: "/admin/analytics", label: t("nav.analytics") },
    { to: "/admin/observatory", label: t("nav.observatory") },
    { to: "/admin/statistics", label: t("nav.statistics") },
    { to: "/admin/billing", label: t("nav.billing") },
    { to: "/admin/subscriptions", label: t("nav.subscriptions") },
    { to: "/admin/transactions", label: t("nav.transactions") },
    { to: "/admin/payments", label: t("nav.paymentEvents") },
    { to: "/admin/moderation", label: t("nav.moderation") },
    { to: "/admin/testimonials", label: t("nav.testimonials") },
    { to: "/admin/petitions", label: t("nav.petitions") },
    { to: "/admin/categories", label: t("nav.categories") },
    { to: "/admin/academy", label: t("academy.nav") },
    { to: "/admin/book-forge", label: t("books.nav") },
    { to: "/content-management", label: t("header.contentManagement") },
    { to: "/admin/spirits", label: t("nav.spirits") },
    { to: "/admin/consultations", label: t("consultations.nav.admin") },
    { to: "/admin/pages", label: t("nav.pages") },
    { to: "/admin/content-indexer", label: t("nav.contentIndexer") },
    { to: "/admin/chat-learning", label: t("nav.chatLearning") },
    { to: "/admin/chat-conversations", label: t("nav.chatConversations") },
    { to: "/admin/ab-tests", label: t("nav.abTests") },
    { to: "/admin/broadcast", label: t("nav.broadcast") },
    { to: "/admin/outbox", label: t("nav.outbox") },
    { to: "/admin/audit", label: t("nav.auditLog") },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="sr-only">{t("admin.title")}</h1>
      <nav aria-label={t("nav.administration")} className="-mx-4 border-b border-border">
        <ScrollRow className="px-4">
          <ul className="flex gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      "inline-block border-b-2 px-3 py-2 text-sm whitespace-nowrap",
                      isActive
                        ? "border-primary font-medium text-foreground"
                        : "border-transparent text-muted-foreground hover:text-foreground",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </ScrollRow>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
