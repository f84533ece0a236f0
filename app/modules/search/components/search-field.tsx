import { Search as SearchIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { useTranslation } from "#app/i18n/react";
import { Input } from "#app/components/ui/input";
import { SEARCH_MAX_LENGTH } from "../limits";

/**
 * The header search's labelled text box with its icon: the same markup for the plain form the
 * page is served with (./search-box.tsx) and for the combobox that replaces it
 * (./search-combobox.tsx), so the swap does not move anything.
 */
export function SearchField({ id, ...props }: ComponentProps<typeof Input> & { id: string }) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("header.searchLabel")}
      </label>
      <div className="relative w-full">
        <SearchIcon
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          name="q"
          type="search"
          placeholder={t("header.searchPlaceholder")}
          className="ps-9"
          autoComplete="off"
          maxLength={SEARCH_MAX_LENGTH}
          {...props}
        />
      </div>
    </>
  );
}
