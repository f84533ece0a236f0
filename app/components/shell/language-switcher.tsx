import { Check, Globe } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { cn } from "#app/lib/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "#app/components/ui/dropdown-menu";
import { LANGUAGES, LOCALE_COOKIE } from "#app/i18n/locales";
import { useRootData } from "#app/root";

/**
 * The language menu: native names, 256 px wide, at most 400 px tall (SPEC §2). Choosing stores the
 * choice in a cookie on the server (mirrored to localStorage i18nextLng) and re-renders the page
 * in the new language and direction.
 */
export function LanguageSwitcher({ variant }: { variant: "floating" | "compact" }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  const current = LANGUAGES.find((l) => l.code === locale) ?? LANGUAGES[0];

  useEffect(() => {
    try {
      window.localStorage.setItem(LOCALE_COOKIE, locale);
    } catch {
      // Private browsing may refuse storage; the cookie is the source of truth.
    }
    document.documentElement.lang = locale;
    document.documentElement.dir = current.isRTL ? "rtl" : "ltr";
  }, [locale, current.isRTL]);

  const choose = (code: string) => {
    void fetcher.submit({ locale: code, redirectTo: location.pathname + location.search }, { method: "post", action: "/api/locale" });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={`${variant === "compact" ? `${current.code.toUpperCase()} · ` : ""}${t("language.current", { language: current.nativeName })}`}
        title={t("language.choose")}
        data-testid={variant === "floating" ? "language-floating" : "language-compact"}
        className={cn(
          "inline-flex items-center gap-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          variant === "floating"
            ? "fixed bottom-4 start-4 z-40 size-12 justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:opacity-90"
            : "h-9 rounded-md px-2 text-sm hover:bg-muted",
        )}
      >
        <Globe className="size-5" aria-hidden="true" />
        {variant === "compact" ? <span className="uppercase">{current.code}</span> : null}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        side={variant === "floating" ? "top" : "bottom"}
        className="max-h-[400px] w-64 overflow-y-auto"
      >
        <DropdownMenuLabel>{t("language.choose")}</DropdownMenuLabel>
        {LANGUAGES.map((language) => (
          <DropdownMenuItem key={language.code} onSelect={() => choose(language.code)} lang={language.code} dir={language.isRTL ? "rtl" : "ltr"}>
            <span aria-hidden="true">{language.flag}</span>
            <span className="flex-1">{language.nativeName}</span>
            {language.code === locale ? <Check className="size-4" aria-hidden="true" /> : null}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
