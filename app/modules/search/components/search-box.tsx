import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { useNavigate } from "react-router";
import { whenIdle } from "#app/hooks/use-idle";
import { cn } from "#app/lib/cn";
import { lazyModule, prefetch, useLazyModule } from "#app/lib/lazy-module";
import type { SearchHandoff } from "./search-combobox";
import { SearchField } from "./search-field";

const comboboxModule = lazyModule(() => import("./search-combobox"));

/**
 * The header's search box. Server-rendered (and without JavaScript) it is a plain GET form to
 * /search. Its combobox (suggestions, results as you type, keyboard navigation: see
 * ./search-combobox.tsx) is a separate chunk, fetched once the browser is idle after the page has
 * loaded, or at once when the box takes focus; it then replaces this form, taking over the text,
 * focus and caret.
 */
export function SearchBox({ className }: { className?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [handoff, setHandoff] = useState<SearchHandoff | null>(null);
  const loaded = useLazyModule(comboboxModule);

  const activate = () => {
    comboboxModule.load().then(
      () => {
        const input = inputRef.current;
        setHandoff(
          (current) =>
            current ?? {
              value: input?.value ?? "",
              focused: input !== null && document.activeElement === input,
              selectionStart: input?.selectionStart ?? null,
              selectionEnd: input?.selectionEnd ?? null,
            },
        );
      },
      () => undefined, // offline: the plain form still works
    );
  };

  useEffect(() => whenIdle(activate), []);

  if (handoff && loaded) return <loaded.SearchCombobox className={className} handoff={handoff} />;
  return (
    <form
      method="get"
      action="/search"
      role="search"
      aria-label={t("header.siteSearch")}
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const value = inputRef.current?.value ?? "";
        comboboxModule.load().then(
          (module) => module.submitSearch(value, navigate),
          () => form.submit(), // offline: a plain GET of /search
        );
      }}
    >
      <SearchField
        ref={inputRef}
        id={inputId}
        onPointerEnter={() => prefetch(comboboxModule)}
        onFocus={activate}
      />
    </form>
  );
}
