import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Outlet, useLocation } from "react-router";
import { Toaster } from "#app/components/ui/toaster";
import { useRootData } from "#app/root";
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, writeSidebarCookie } from "#app/modules/shell/sidebar";
import { useIdle } from "#app/hooks/use-idle";
import { cn } from "#app/lib/cn";
import { useFocusHeadingOnNavigate } from "#app/hooks/use-focus-heading-on-navigate";
import { usePageView } from "#app/hooks/use-page-view";
import { useAnalyticsBeacon } from "#app/modules/analytics/components/use-analytics-beacon";
import { useEventSource } from "#app/modules/realtime/components/use-event-source";
import { useCommunityCountsRefresh } from "#app/modules/shell/use-community-counts";
import { Header } from "./header";
import { FLOATING_BUTTON_RESERVE, LanguageSwitcher } from "./language-switcher";
import { NavigationProgress } from "./navigation-progress";
import { ChatLauncher } from "#app/modules/guide/components/chat-launcher";
import { SideNav, SideNavDrawer } from "./side-nav";

/*
 * The breadcrumb trail and the footer are plain links: server-rendered as usual, their code is a
 * chunk of its own that the browser fetches while hydrating the rest of the page; they hydrate
 * when it arrives (a click on one of their links before then is replayed by React).
 */
const Breadcrumbs = lazy(() =>
  import("./breadcrumbs").then((module) => ({ default: module.Breadcrumbs })),
);
const Footer = lazy(() => import("./footer").then((module) => ({ default: module.Footer })));

/** The upsell popup waits 20 s at least, so its code is fetched once the browser is idle. */
const PremiumPopup = lazy(() =>
  import("#app/modules/memberships/components/premium-popup").then((module) => ({
    default: module.PremiumPopup,
  })),
);

/** The guests' join banner waits 3 s at least (or a scroll), so its code also comes once idle. */
const JoinBanner = lazy(() =>
  import("#app/modules/memberships/components/join-banner").then((module) => ({
    default: module.JoinBanner,
  })),
);

export function AppShell() {
  const { t } = useTranslation();
  const { sidebarOpen: initialOpen, dir, viewer } = useRootData();
  const { pathname } = useLocation();
  const isAdminPath = pathname === "/admin" || pathname.startsWith("/admin/");
  const [open, setOpen] = useState(initialOpen);
  // The drawer belongs to the page it was opened on: navigating closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === pathname;
  const idle = useIdle();
  // Before usePageView: the listener must exist when the first page's event is dispatched.
  useAnalyticsBeacon();
  usePageView();
  useFocusHeadingOnNavigate();
  useEventSource(viewer?.id ?? "guest");
  useCommunityCountsRefresh();

  // Where the language button floats (phones; the admin area, which has no side navigation), the
  // page ends with room for it, so its last lines can be scrolled clear of the button.
  const floatingReserve = isAdminPath
    ? FLOATING_BUTTON_RESERVE
    : cn(FLOATING_BUTTON_RESERVE, "md:pb-0");

  const toggle = useCallback(() => {
    if (window.matchMedia("(max-width: 767px)").matches) {
      setDrawerOpenedAt((at) =>
        at === window.location.pathname ? null : window.location.pathname,
      );
      return;
    }
    setOpen((v) => {
      writeSidebarCookie(!v);
      return !v;
    });
  }, []);

  // SPEC §2: modifier + b toggles the side navigation.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  return (
    <div className="flex min-h-screen flex-col">
      <NavigationProgress />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      <Header onToggleNav={isAdminPath ? undefined : toggle} navOpen={open} />
      <div className="flex flex-1">
        {isAdminPath ? null : (
          <>
            <aside
              className="sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 flex-col border-e border-border bg-card transition-[width] duration-200 md:flex"
              style={{ width: open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON }}
              data-state={open ? "expanded" : "collapsed"}
              aria-label={t("nav.mainNavigation")}
            >
              <div className="min-h-0 flex-1 overflow-y-auto">
                <SideNav collapsed={!open} />
              </div>
              {/* SPEC's bottom-left language button, docked at the navigation's foot on desktop. */}
              <div className="border-t border-border p-2">
                <LanguageSwitcher variant="docked" collapsed={!open} />
              </div>
            </aside>
            <SideNavDrawer
              open={drawerOpen}
              onOpenChange={(open) => setDrawerOpenedAt(open ? pathname : null)}
              navigated={drawerOpenedAt !== null && drawerOpenedAt !== pathname}
            />
          </>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex-1">
            <Suspense fallback={null}>
              <Breadcrumbs />
            </Suspense>
            <Outlet />
          </main>
          <Suspense fallback={null}>
            <Footer className={floatingReserve} />
          </Suspense>
        </div>
      </div>
      <LanguageSwitcher variant="floating" className={isAdminPath ? undefined : "md:hidden"} />
      {/* SPEC §1, §2: the AI guide on every page but the admin area's. */}
      {isAdminPath ? null : <ChatLauncher />}
      {/* SPEC §4: the upsell popup decides for itself when (and whether) to appear. */}
      {idle ? (
        <Suspense fallback={null}>
          <PremiumPopup />
        </Suspense>
      ) : null}
      {/* SPEC §9 banner timing: guests are invited to join, at the moment their variant says. */}
      {idle && viewer === null ? (
        <Suspense fallback={null}>
          <JoinBanner />
        </Suspense>
      ) : null}
      <Toaster dir={dir} label={t("common.notifications")} closeLabel={t("common.dismiss")} />
    </div>
  );
}
