import { Crown, LifeBuoy, Menu, PanelLeft, Search } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { offersFullMembership } from "#app/modules/memberships/membership-plan";
import { useRootData } from "#app/root";
import { LanguageSwitcher } from "./language-switcher";
import { SearchBox } from "#app/modules/search/components/search-box";

/*
 * Content management and Sales (admins), the bell and the user menu exist only for signed-in members: their code is a separate
 * chunk, so guests never download it. Members get them server-rendered as before; in the browser
 * the boundary keeps that markup until the chunk has arrived and then hydrates it.
 */
const MemberControls = lazy(() => import("./member-controls"));

export function Header({ onToggleNav, navOpen }: { onToggleNav?: () => void; navOpen: boolean }) {
  const { t } = useTranslation();
  const { settings, viewer } = useRootData();
  const siteName = settings.site_name;
  const supportHref = settings.support_url || "/help";
  const supportExternal = /^https?:\/\//.test(supportHref);
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-border bg-card/95 backdrop-blur">
      <div className="flex h-full items-center gap-1.5 px-3 sm:gap-2 sm:px-4">
        {onToggleNav ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-9 sm:size-10"
            onClick={onToggleNav}
            aria-label={t("nav.toggleSidebar")}
            aria-expanded={navOpen}
            title={t("nav.toggleSidebar")}
          >
            <Menu className="size-5 md:hidden" aria-hidden="true" />
            <PanelLeft className="hidden size-5 md:block rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        ) : null}
        <Link to="/" className="flex min-w-0 items-center gap-1.5 font-semibold sm:gap-2">
          {settings.logo_url ? (
            <img src={settings.logo_url} alt="" className="size-8 rounded object-contain" />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-full bg-primary text-primary-foreground"
            >
              ✦
            </span>
          )}
          <span className="truncate text-base sm:text-lg">{siteName}</span>
        </Link>

        <SearchBox className="ms-4 hidden max-w-md flex-1 lg:flex" />

        {/* Under 640 px the icon buttons are 36 px (above the 24 px target size), so the site
            name keeps its room when the unread-messages envelope joins them. */}
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="icon" className="size-9 sm:size-10 lg:hidden">
            <Link to="/search" aria-label={t("header.searchLabel")}>
              <Search className="size-5" aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            {supportExternal ? (
              <a href={supportHref} target="_blank" rel="noopener noreferrer">
                <LifeBuoy className="size-4" aria-hidden="true" />
                <span className="hidden md:inline">{t("nav.customerSupport")}</span>
              </a>
            ) : (
              <Link to={supportHref}>
                <LifeBuoy className="size-4" aria-hidden="true" />
                <span className="hidden md:inline">{t("nav.customerSupport")}</span>
              </Link>
            )}
          </Button>
          {!offersFullMembership(viewer) ? null : (
            <Button
              asChild
              variant="outline"
              size="sm"
              className="border-primary/40 px-2 text-primary sm:px-3"
            >
              <Link to="/subscription" data-testid="become-member">
                <Crown className="size-4" aria-hidden="true" />
                <span className="sr-only md:not-sr-only">{t("subscription.becomeMember")}</span>
              </Link>
            </Button>
          )}
          <div className="hidden sm:block">
            <LanguageSwitcher variant="compact" />
          </div>
          {viewer ? (
            <Suspense fallback={null}>
              <MemberControls isAdmin={viewer.isAdmin} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/auth">{t("header.signIn")}</Link>
              </Button>
              <Button asChild size="sm" className="hidden sm:inline-flex">
                <Link to="/auth?tab=signup">{t("header.join")}</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
