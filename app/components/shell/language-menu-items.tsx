import { Check } from "lucide-react";
import { DropdownMenuItem } from "#app/components/ui/dropdown-menu";
import { LANGUAGES } from "#app/i18n/locales";

/** The language menu's items: native names, the current one checked (./language-switcher.tsx). */
export function LanguageMenuItems({
  locale,
  onChoose,
}: {
  locale: string;
  onChoose: (code: string) => void;
}) {
  return LANGUAGES.map((language) => (
    <DropdownMenuItem
      key={language.code}
      onSelect={() => onChoose(language.code)}
      lang={language.code}
      dir={language.isRTL ? "rtl" : "ltr"}
    >
      <span aria-hidden="true">{language.flag}</span>
      <span className="flex-1">{language.nativeName}</span>
      {language.code === locale ? <Check className="size-4" aria-hidden="true" /> : null}
    </DropdownMenuItem>
  ));
}
