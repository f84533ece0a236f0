import { ArrowRight, Clock, ExternalLink, SpellCheck, TrendingUp } from "lucide-react";
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { useTranslation } from "#app/i18n/react";
import { useNavigate, type NavigateFunction } from "react-router";
import { Spinner } from "#app/components/ui/spinner";
import { useHydrated } from "#app/hooks/use-hydrated";
import { cn } from "#app/lib/cn";
import { IsolatedText } from "#app/components/isolated-text";
import { isolate } from "#app/lib/bidi";
import { useRootData } from "#app/root";
import { SEARCH_DEBOUNCE_MS } from "../limits";
import { partnerHref, partnerSites, type PartnerSite } from "../partners";
import { searchPath } from "../paths";
import { readRecentSearches, rememberSearch } from "../recent-searches";
import { normalizeTerm } from "../text";
import type { SearchResult } from "../types";
import { Highlight } from "./highlight";
import { ResultIcon } from "./kind-icon";
import { logSearchClick } from "./log-click";
import { ResultDetails } from "./result-details";
import { SearchField } from "./search-field";
import { useTrendingSearches } from "./use-trending-searches";

type Option =
  // `exact`: the search page without spelling correction ("Search instead for …").
  | {
      type: "query";
      term: string;
      icon: "recent" | "trending" | "all" | "exact";
      label: string;
      exact?: boolean;
    }
  | { type: "result"; result: SearchResult }
  | { type: "partner"; partner: PartnerSite; href: string };

interface Group {
  id: string;
  label: string;
  options: Option[];
}

type Fetched = {
  term: string;
  results: SearchResult[];
  corrected?: string | null;
  failed?: "rateLimited" | "busy" | "error";
};

/** Remembers the term (if long enough) and goes to the search page. */
export function submitSearch(raw: string, navigate: NavigateFunction): string {
  const q = raw.trim();
  if (normalizeTerm(q)) rememberSearch(q);
  void navigate(searchPath(q));
  return q;
}

/** What the plain search box (./search-box.tsx) hands over when this one replaces it. */
export interface SearchHandoff {
  value: string;
  focused: boolean;
  selectionStart: number | null;
  selectionEnd: number | null;
}

function optionHref(option: Option): string {
  if (option.type === "result") return option.result.url;
  if (option.type === "partner") return option.href;
  return searchPath(option.term, { exact: option.exact });
}

/**
 * The header's search box as a combobox, mounted by ./search-box.tsx in place of the plain form
 * (taking over its text, focus and selection). It is a combobox (ARIA 1.2 pattern): the popup opens on focus or typing, lists recent and trending
 * searches (from the search log, when there are any) while the box is empty, and results (debounced 200 ms, from GET /api/search) once the
 * term has 2 characters; it closes on an outside click, Escape or a choice. Arrow keys move the
 * active option (the input keeps focus, `aria-activedescendant` points at the option); Enter opens
 * it, or with none active goes to /search?q=term.
 */
export function SearchCombobox({
  className,
  handoff,
}: {
  className?: string;
  handoff?: SearchHandoff;
}) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const partners = useMemo(() => partnerSites(settings), [settings]);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const rootRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [value, setValue] = useState(handoff?.value ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const trending = useTrendingSearches(open);

  const trimmed = value.trim();
  const term = normalizeTerm(value);
  const current = term && fetched?.term === term ? fetched : null;
  const loading = term !== null && current === null;

  // Debounced request for the current term; a newer keystroke cancels both the timer and the request.
  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(term)}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (response.status === 429)
          return setFetched({ term, results: [], failed: "rateLimited" });
        if (response.status === 503) return setFetched({ term, results: [], failed: "busy" });
        if (!response.ok) throw new Error(`search failed: ${response.status}`);
        const body = (await response.json()) as {
          results: SearchResult[];
          corrected: string | null;
        };
        setFetched({ term, results: body.results, corrected: body.corrected });
      } catch (error) {
        if (controller.signal.aborted) return;
        // SPEC §8: a failed search is logged and shows as no results.
        console.error(error);
        setFetched({ term, results: [], failed: "error" });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  // An outside click closes the popup (a blur alone misses clicks on non-focusable page parts in some browsers).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const groups: Group[] = [];
  if (!trimmed) {
    if (recent.length > 0) {
      groups.push({
        id: "recent",
        label: t("search.recent"),
        options: recent.map((r) => ({ type: "query", term: r, icon: "recent", label: r })),
      });
    }
    // What people search for most these days; no list at all while there is none.
    if (trending.length > 0) {
      groups.push({
        id: "trending",
        label: t("search.trendingTitle"),
        options: trending.map((term) => ({ type: "query", term, icon: "trending", label: term })),
      });
    }
  } else if (term) {
    const results = current?.results ?? [];
    const corrected = current?.corrected ?? null;
    if (results.length > 0) {
      const options: Option[] = [
        ...results.map((result): Option => ({ type: "result", result })),
        { type: "query", term, icon: "all", label: t("search.seeAll", { term: isolate(term) }) },
      ];
      // Results for a spelling correction say so, and offer exactly what was typed.
      if (corrected)
        options.push({
          type: "query",
          term,
          icon: "exact",
          exact: true,
          label: t("search.searchInsteadFor", { term: isolate(term) }),
        });
      groups.push({
        id: "results",
        label: corrected
          ? t("search.showingResultsFor", { term: isolate(corrected) })
          : t("search.resultsTitle"),
        options,
      });
    }
    if (partners.length > 0) {
      groups.push({
        id: "partners",
        label: t("search.partners"),
        options: partners.map((partner) => ({
          type: "partner",
          partner,
          href: partnerHref(partner, term),
        })),
      });
    }
  }
  const options = groups.flatMap((g) => g.options);
  // Marks the words typed and, for results of a spelling correction, the corrected ones.
  const highlight = [term ?? "", current?.corrected ?? ""].join(" ").trim();
  const activeIndex = active >= 0 && active < options.length ? active : -1;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  let status: ReactNode = null;
  if (trimmed && !term) status = <p>{t("search.tooShort")}</p>;
  else if (loading)
    status = <Spinner label={t("search.loading")} showLabel size="sm" role={undefined} />;
  else if (current?.failed === "rateLimited") status = <p>{t("search.rateLimited")}</p>;
  else if (current?.failed === "busy") status = <p>{t("search.busy")}</p>;
  else if (current && current.results.length === 0) {
    status = (
      <>
        <p className="font-medium text-foreground">
          <IsolatedText text={t("search.empty", { term: isolate(term ?? "") })} />
        </p>
        {partners.length > 0 ? <p className="mt-1">{t("search.emptyHint")}</p> : null}
      </>
    );
  }
  const expanded = open && options.length > 0;
  const popupVisible = open && (options.length > 0 || status !== null);

  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on baseId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeIndex]);

  // Taking over from the plain box while it had focus: keep the caret where it was (focusing opens the popup).
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!handoff?.focused || !input) return;
    input.focus({ preventScroll: true });
    input.setSelectionRange(handoff.selectionStart, handoff.selectionEnd);
  }, [handoff]);

  function openPopup() {
    setRecent(readRecentSearches());
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** Closes the popup and leaves the box, so the next page starts with focus on the page itself. */
  function leave(path: string) {
    close();
    inputRef.current?.blur();
    navigate(path);
  }

  function goToSearch(raw: string, exact = false) {
    const q = raw.trim();
    if (normalizeTerm(q)) setRecent(rememberSearch(q));
    setValue(q);
    leave(searchPath(q, { exact }));
  }

  /** Acts on a chosen option. `native`: the browser follows the link itself (a partner's new tab). */
  function choose(option: Option, native = false) {
    if (option.type === "partner") {
      if (term) logSearchClick(term, option.partner.name, "partner");
      if (!native) window.open(option.href, "_blank", "noopener,noreferrer");
      close();
    } else if (option.type === "result") {
      if (term) {
        logSearchClick(term, option.result.title, option.result.kind);
        setRecent(rememberSearch(term));
      }
      leave(option.result.url);
    } else {
      goToSearch(option.term, option.exact);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) openPopup();
        if (count === 0) return;
        const down = event.key === "ArrowDown";
        setActive(
          activeIndex < 0
            ? down
              ? 0
              : count - 1
            : (activeIndex + (down ? 1 : -1) + count) % count,
        );
        return;
      }
      case "Enter": {
        const activeOption = options[activeIndex];
        if (open && activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        // Otherwise the form submits: onSubmit goes to /search?q=term.
        return;
      }
      case "Escape":
        if (open) {
          // Also keeps the browser from clearing the search field.
          event.preventDefault();
          close();
        }
        return;
    }
  }

  function onOptionClick(event: MouseEvent<HTMLAnchorElement>, option: Option) {
    const modified =
      event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (option.type === "partner" || modified) {
      // The browser opens the link (a new tab); only record the choice.
      if (term && option.type !== "query")
        logSearchClick(
          term,
          option.type === "partner" ? option.partner.name : option.result.title,
          option.type === "partner" ? "partner" : option.result.kind,
        );
      if (option.type === "partner") close();
      return;
    }
    event.preventDefault();
    choose(option, true);
  }

  // Position of each group's first option in the flat list (keyboard order = document order).
  const groupStart = (g: number) =>
    groups.slice(0, g).reduce((n, prev) => n + prev.options.length, 0);
  return (
    <form
      ref={rootRef}
      method="get"
      action="/search"
      role="search"
      aria-label={t("header.siteSearch")}
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        goToSearch(value);
      }}
    >
      <SearchField
        ref={inputRef}
        id={inputId}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setActive(-1);
          if (!open) openPopup();
        }}
        onFocus={openPopup}
        // A click on the box while it has focus (after Escape) opens the popup again.
        onClick={() => {
          if (!open) openPopup();
        }}
        onBlur={(event) => {
          if (!rootRef.current?.contains(event.relatedTarget as Node | null)) close();
        }}
        onKeyDown={onKeyDown}
        {...(hydrated
          ? {
              role: "combobox",
              "aria-expanded": expanded,
              "aria-controls": listboxId,
              "aria-autocomplete": "list" as const,
              "aria-activedescendant":
                expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined,
            }
          : {})}
      />
      {hydrated ? (
        <div
          hidden={!popupVisible}
          // Keeps focus in the input while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-50 mt-2 max-h-[min(32rem,calc(100vh-6rem))] min-w-[22rem] overflow-y-auto rounded-lg border border-border bg-popover p-1 text-popover-foreground shadow-lg shadow-black/10"
        >
          <div
            role="listbox"
            id={listboxId}
            aria-label={t("search.suggestions")}
            hidden={options.length === 0}
          >
            {groups.map((group, g) => (
              <div key={group.id} role="group" aria-label={group.label} className="py-1">
                <div
                  aria-hidden="true"
                  className="px-3 pt-1 pb-1.5 text-xs font-medium text-muted-foreground"
                >
                  <IsolatedText text={group.label} />
                </div>
                {group.options.map((option, o) => {
                  const i = groupStart(g) + o;
                  const isActive = i === activeIndex;
                  const partner = option.type === "partner";
                  return (
                    <a
                      key={`${group.id}-${i}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={isActive}
                      href={optionHref(option)}
                      tabIndex={-1}
                      {...(partner ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                      onClick={(event) => onOptionClick(event, option)}
                      onMouseMove={() => {
                        if (!isActive) setActive(i);
                      }}
                      className={cn(
                        "flex items-center gap-3 rounded-md px-3 py-2 text-sm outline-none",
                        isActive ? "bg-accent text-accent-foreground" : "text-foreground",
                      )}
                    >
                      <OptionContent option={option} term={highlight} />
                    </a>
                  );
                })}
              </div>
            ))}
          </div>
          {status ? (
            <div role="status" className="px-3 py-3 text-sm text-muted-foreground">
              {status}
            </div>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

function OptionContent({ option, term }: { option: Option; term: string }) {
  const { t } = useTranslation();
  if (option.type === "result") {
    const { result } = option;
    return (
      <>
        <ResultIcon result={result} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className="truncate font-medium" dir="auto">
              <Highlight text={result.title} term={term} />
            </span>
            <span className="ms-auto shrink-0 rounded bg-muted px-1.5 py-0.5 text-[0.7rem] leading-none text-muted-foreground">
              {t(result.labelKey)}
            </span>
          </span>
          <ResultDetails details={result.details} className="mt-0.5" />
          {result.excerpt ? (
            <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground" dir="auto">
              <Highlight text={result.excerpt} term={term} />
            </span>
          ) : null}
        </span>
      </>
    );
  }
  if (option.type === "partner") {
    return (
      <>
        <ExternalLink
          className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100"
          aria-hidden="true"
        />
        <span className="flex-1 [unicode-bidi:plaintext]">
          {t("search.partnerSearch", { name: option.partner.name })}
        </span>
        <span className="sr-only">{t("search.newTab")}</span>
      </>
    );
  }
  const Icon = { recent: Clock, trending: TrendingUp, all: ArrowRight, exact: SpellCheck }[
    option.icon
  ];
  return (
    <>
      <Icon
        className={cn(
          "size-4 shrink-0 text-muted-foreground",
          option.icon === "all" && "rtl:-scale-x-100",
        )}
        aria-hidden="true"
      />
      <span
        className={cn(
          "flex-1 truncate [unicode-bidi:plaintext]",
          option.icon === "all" && "font-medium text-primary",
        )}
      >
        <IsolatedText text={option.label} />
      </span>
    </>
  );
}
