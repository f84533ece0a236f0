import { Globe } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "#app/i18n/react";
import { useFetcher, useLocation } from "react-router";
import { cn } from "#app/lib/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { LOCALE_COOKIE } from "#app/i18n/cookie";
import { lazyModule } from "#app/lib/lazy-module";
import { useRootData } from "#app/root";

/** The list of languages comes with the menu's library, not with the page. */
const itemsModule = lazyModule(() => import("./language-menu-items"));
const loadItems = () => itemsModule.load();

/**
 * The space the floating button needs under the last line of a page (3rem button + 1rem from the
 * edge + 1rem air): whatever sits at the end of a page can always be scrolled clear of it.
 */
export const FLOATING_BUTTON_RESERVE = "pb-20";

/**
 * Where SPEC's bottom-left language button goes:
 * - `docked`: the foot of the desktop side navigation, in its flow, so it covers nothing;
 * - `floating`: fixed at the bottom-left where there is no side navigation (phones, the admin
 *   area); those pages reserve its space under their end (`FLOATING_BUTTON_RESERVE`);
 * - `compact`: the header's small switcher.
 */
export type LanguageSwitcherVariant = "floating" | "docked" | "compact";

const TRIGGER_CLASSES: Record<LanguageSwitcherVariant, string> = {
  floating:
    "fixed bottom-4 start-4 z-40 size-12 justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:opacity-90",
  docked: "h-9 w-full rounded-md px-2 text-sm text-foreground/80 hover:bg-muted",
  compact: "h-9 rounded-md px-2 text-sm hover:bg-muted",
};

/**
 * The language menu: native names, 256 px wide, at most 400 px tall (SPEC §2). Choosing stores the
 * choice in a cookie on the server (mirrored to localStorage i18nextLng) and re-renders the page
 * in the new language and direction.
 */
export function LanguageSwitcher({
  variant,
  collapsed = false,
  className,
}: {
  variant: LanguageSwitcherVariant;
  collapsed?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { locale, languageName, dir } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();

  useEffect(() => {
    try {
      window.localStorage.setItem(LOCALE_COOKIE, locale);
    } catch {
      // Private browsing may refuse storage; the cookie is the source of truth.
    }
    document.documentElement.lang = locale;
    document.documentElement.dir = dir;
  }, [locale, dir]);

  const choose = (code: string) => {
    void fetcher.submit(
      { locale: code, redirectTo: location.pathname + location.search },
      { method: "post", action: "/api/locale" },
    );
  };

  return (
    <DropdownMenu alsoLoad={loadItems}>
      <DropdownMenuTrigger
        aria-label={`${variant === "compact" ? `${locale.toUpperCase()} · ` : ""}${t("language.current", { language: languageName })}`}
        title={t("language.choose")}
        data-testid={`language-${variant}`}
        className={cn(
          "inline-flex items-center gap-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          TRIGGER_CLASSES[variant],
          variant === "docked" && (collapsed ? "justify-center px-0" : "gap-3"),
          className,
        )}
      >
        <Globe className={variant === "docked" ? "size-4 shrink-0" : "size-5"} aria-hidden="true" />
        {variant === "compact" ? <span className="uppercase">{locale}</span> : null}
        {variant === "docked" && !collapsed ? (
          <span className="truncate">{languageName}</span>
        ) : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        side={variant === "compact" ? "bottom" : "top"}
        className="max-h-[400px] w-64 overflow-y-auto"
      >
        <DropdownMenuLabel>{t("language.choose")}</DropdownMenuLabel>
        <LanguageItems locale={locale} onChoose={choose} />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The languages, once the menu has loaded them (it waits for them before opening). */
function LanguageItems(props: { locale: string; onChoose: (code: string) => void }) {
  const items = itemsModule.get();
  return items ? <items.LanguageMenuItems {...props} /> : null;
}
