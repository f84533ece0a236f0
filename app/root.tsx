import { lazy, Suspense, useState } from "react";
import { I18nProvider } from "#app/i18n/react";
import { Direction } from "radix-ui";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { requestContext } from "./context";
import { createI18n } from "#app/i18n/i18n";
import { TEXTS_LINK_ATTRIBUTE, useLocaleI18n } from "./i18n/client-i18n";
import { bundlesOfMatches } from "./i18n/bundles";
import { registeredI18n, useI18nRegistryVersion } from "./i18n/registry";
import { detectLocale } from "./i18n/detect";
import { LANGUAGES, directionOf } from "./i18n/locales";
import { textsHrefs } from "./i18n/resources.server";
import { canAdminister } from "#app/modules/auth/policy";
import { actorOf, getViewer } from "#app/modules/auth/index.server";
import { unreadMessageCount } from "#app/modules/messages/index.server";
import { unreadNotificationCount } from "#app/modules/notifications/index.server";
import { unseenSalesCount } from "#app/modules/admin/index.server";
import { themeCss } from "#app/modules/settings/colors";
import { faviconHref } from "#app/modules/settings/favicon";
import { getPublicSettings } from "#app/modules/settings/index.server";
import { withProxiedSiteImages } from "#app/modules/media/index.server";
import {
  communityCounts,
  sidebarOpenFromCookie,
  summarizeViewer,
} from "#app/modules/shell/index.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { nonce } = context.get(requestContext);
  const [viewer, publicSettings, community, unreadMessages, unreadNotifications, unseenSales] =
    await Promise.all([
      getViewer(request),
      getPublicSettings(),
      communityCounts(),
      // Signed-in viewers only: one query for the Messages badge of the header and side navigation.
      getViewer(request).then((v) => (v ? unreadMessageCount(v.user.id) : 0)),
      // The bell's number, one count query for signed-in viewers.
      getViewer(request).then((v) => (v ? unreadNotificationCount(v.user.id) : 0)),
      // The admins' Sales badge: unseen sales, one count query for admins only.
      getViewer(request).then((v) => (canAdminister(actorOf(v)) ? unseenSalesCount() : 0)),
    ]);
  const locale = detectLocale(request);
  // Site images given as addresses on other hosts load through the image proxy (CSP img-src 'self').
  const settings = withProxiedSiteImages(publicSettings);
  return {
    nonce,
    locale,
    dir: directionOf(locale),
    // The texts themselves are separate, long-cached files, one per bundle, not page data.
    texts: textsHrefs(locale),
    /** The language's own name, for the language menu's button (the list itself loads with the menu). */
    languageName: LANGUAGES.find((language) => language.code === locale)?.nativeName ?? locale,
    settings,
    theme: themeCss(settings.primary_color, settings.secondary_color),
    favicon: faviconHref(settings.favicon_url, settings.favicon_version),
    viewer: summarizeViewer(viewer),
    sidebarOpen: sidebarOpenFromCookie(request),
    community,
    unreadMessages,
    unreadNotifications,
    unseenSales,
    year: new Date().getFullYear(),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData {
  return useRouteLoaderData<typeof loader>("root") as RootData;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // A newly downloaded language re-renders the head, so the document title is translated too.
  useI18nRegistryVersion();
  const locale = data?.locale ?? "en";
  // The texts the first page needs, preloaded for app/entry.client.tsx. Later pages load theirs
  // as they are navigated to (textsMiddleware), so the list stays the first page's.
  const matches = useMatches();
  const [preloads] = useState(() =>
    data ? bundlesOfMatches(matches).map((bundle) => ({ bundle, href: data.texts[bundle] })) : [],
  );
  return (
    <html lang={locale} dir={data?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={data?.favicon ?? "/favicon.png"} />
        {preloads.map(({ bundle, href }) => (
          <link
            key={bundle}
            rel="preload"
            href={href}
            as="fetch"
            crossOrigin="anonymous"
            {...{ [TEXTS_LINK_ATTRIBUTE]: bundle }}
          />
        ))}
        <Links />
        {data ? (
          <style nonce={data.nonce} dangerouslySetInnerHTML={{ __html: data.theme }} />
        ) : null}
      </head>
      <body className="min-h-screen bg-background text-foreground antialiased">
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const bundles = bundlesOfMatches(useMatches());
  const i18n = useLocaleI18n(loaderData.locale, loaderData.texts, bundles);
  return (
    <I18nProvider i18n={i18n}>
      <Direction.Provider dir={loaderData.dir}>
        <Outlet />
      </Direction.Provider>
    </I18nProvider>
  );
}

/** The error screens show only when something failed: a chunk of their own. */
const ErrorScreen = lazy(() =>
  import("./components/shell/error-screens").then((module) => ({ default: module.ErrorScreen })),
);

/** Last-resort boundary (the shell itself failed): SPEC §8 texts in English, with a reload button. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  // Before any language was known (the shell itself failed) the screen's English fallbacks show.
  const i18n = registeredI18n(data?.locale ?? "en") ?? createI18n("en", {});
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <I18nProvider i18n={i18n}>
      <Suspense fallback={null}>
        <ErrorScreen status={status} />
      </Suspense>
    </I18nProvider>
  );
}
