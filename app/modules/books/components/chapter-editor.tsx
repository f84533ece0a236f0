import { useEffect, useId, useRef, useState } from "react";
import { Bold, Heading2, Italic, Link2, List, Quote } from "lucide-react";
import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { MarkdownPreview } from "#app/components/markdown";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { numberFormat } from "#app/lib/intl";
import { wordCount } from "#app/modules/library";
import { BOOK_LIMITS } from "../types";
import { mergeTexts } from "../line-diff";

/** Saved this long after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 2000;

type SaveState =
  | { kind: "saved" }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "error"; message: string }
  | { kind: "conflict"; version: number; body: string };

export interface EditorChapter {
  id: string;
  title: string;
  body: string;
  version: number;
}

/**
 * A chapter's Markdown editor: a toolbar that wraps the selection, the text, a live preview
 * (side by side on wide screens, a tab on phones), the word count, and autosave — a few seconds
 * after typing stops, and with `keepalive` when the page is left or hidden. Each save names the
 * version it was based on; when the server answers 409 the editor shows the other text's
 * arrival and lets the author load it, keep theirs on top, or merge both.
 */
export function ChapterEditor({
  bookId,
  chapter,
  onSaved,
}: {
  bookId: string;
  chapter: EditorChapter;
  onSaved: (chapterId: string, words: number, version: number, body: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(chapter.body);
  const [mode, setMode] = useState<"write" | "preview">("write");
  const [state, setState] = useState<SaveState>({ kind: "saved" });
  // What the server holds, read by the save without re-creating callbacks on every keystroke.
  const latest = useRef({ text: chapter.body, base: chapter.version, saved: chapter.body });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  // While a conflict waits for the author's choice, nothing is saved (not even on blur).
  const conflicted = useRef(false);
  const url = `/book-forge/edit/${bookId}/save`;

  const body = (value: string, base: number) => {
    const form = new FormData();
    form.set("chapterId", chapter.id);
    form.set("body", value);
    form.set("baseVersion", String(base));
    return form;
  };

  async function save() {
    const { text: value, base, saved } = latest.current;
    if (value === saved || inFlight.current || conflicted.current) return;
    inFlight.current = true;
    setState({ kind: "saving" });
    try {
      const response = await fetch(url, { method: "POST", body: body(value, base) });
      const answer = (await response.json()) as {
        ok: boolean;
        version?: number;
        words?: number;
        error?: string;
        conflict?: { version: number; body: string };
      };
      if (answer.ok && answer.version) {
        latest.current = { ...latest.current, base: answer.version, saved: value };
        onSaved(chapter.id, answer.words ?? 0, answer.version, value);
        // Typed on while the save travelled: the newer text goes next.
        if (latest.current.text !== value) {
          setState({ kind: "unsaved" });
          timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
        } else setState({ kind: "saved" });
      } else if (answer.conflict) {
        conflicted.current = true;
        setState({ kind: "conflict", ...answer.conflict });
      } else setState({ kind: "error", message: answer.error ?? "books.editor.saveFailed" });
    } catch {
      setState({ kind: "error", message: "books.editor.saveFailed" });
    } finally {
      inFlight.current = false;
    }
  }

  // Leaving the page (closing the tab, another route, the phone locking): send what is unsaved.
  useEffect(() => {
    const flush = () => {
      const { text: value, base, saved } = latest.current;
      if (value === saved) return;
      void fetch(url, { method: "POST", body: body(value, base), keepalive: true }).catch(
        () => undefined,
      );
      latest.current.saved = value;
    };
    const hidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      clearTimeout(timer.current);
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", hidden);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, chapter.id]);

  const change = (value: string) => {
    setText(value);
    latest.current.text = value;
    if (state.kind === "conflict") return; // saving waits for the author's choice
    setState({ kind: "unsaved" });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  };

  const resolve = (choice: "theirs" | "mine" | "merge") => {
    if (state.kind !== "conflict") return;
    const value =
      choice === "theirs" ? state.body : choice === "merge" ? mergeTexts(state.body, text) : text;
    conflicted.current = false;
    latest.current = { text: value, base: state.version, saved: state.body };
    setText(value);
    if (choice === "theirs") {
      onSaved(chapter.id, wordCount(state.body), state.version, state.body);
      setState({ kind: "saved" });
    } else {
      setState({ kind: "unsaved" });
      void save();
    }
  };

  /** Wraps the selection in `before`/`after`, or prefixes each selected line with `line`. */
  const format = (before: string, after = "", line = false) => {
    const el = area.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    const selected = text.slice(start, end);
    if (line) {
      const lineStart = text.lastIndexOf("\n", start - 1) + 1;
      const block = text.slice(lineStart, end);
      const prefixed = block
        .split("\n")
        .map((l) => before + l)
        .join("\n");
      const value = text.slice(0, lineStart) + prefixed + text.slice(end);
      change(value);
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(lineStart, lineStart + prefixed.length);
      });
      return;
    }
    const insert = before + (selected || t("books.editor.sampleText")) + after;
    const value = text.slice(0, start) + insert + text.slice(end);
    change(value);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + before.length, start + insert.length - after.length);
    });
  };

  const numbers = numberFormat(i18n.language);
  const tools = [
    { key: "bold", icon: Bold, before: "**", after: "**", line: false },
    { key: "italic", icon: Italic, before: "_", after: "_", line: false },
    { key: "heading", icon: Heading2, before: "## ", after: "", line: true },
    { key: "quote", icon: Quote, before: "> ", after: "", line: true },
    { key: "list", icon: List, before: "- ", after: "", line: true },
    { key: "link", icon: Link2, before: "[", after: "](https://)", line: false },
  ] as const;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="toolbar"
          aria-label={t("books.editor.toolbar")}
          aria-controls={id}
          className="flex flex-wrap gap-1"
        >
          {tools.map(({ key, icon: Icon, before, after, line }) => (
            <Button
              key={key}
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => format(before, after, line)}
              aria-label={t(`books.editor.tools.${key}`)}
              title={t(`books.editor.tools.${key}`)}
            >
              <Icon aria-hidden="true" />
            </Button>
          ))}
        </div>
        <div
          role="tablist"
          aria-label={t("books.editor.mode")}
          className="flex gap-1 rounded-lg bg-muted p-1 lg:hidden"
        >
          {(["write", "preview"] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={mode === name}
              onClick={() => setMode(name)}
              className={cn(
                "rounded-md px-3 py-1 text-sm",
                mode === name ? "bg-card font-medium shadow" : "text-muted-foreground",
              )}
            >
              {t(`books.editor.${name}`)}
            </button>
          ))}
        </div>
      </div>

      {state.kind === "conflict" ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-destructive/50 bg-destructive/5 p-3 text-sm"
        >
          <p className="font-medium">{t("books.editor.conflictTitle")}</p>
          <p className="text-muted-foreground">{t("books.editor.conflictText")}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => resolve("theirs")}>
              {t("books.editor.loadTheirs")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={() => resolve("merge")}>
              {t("books.editor.merge")}
            </Button>
            <Button type="button" size="sm" onClick={() => resolve("mine")}>
              {t("books.editor.keepMine")}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="grid gap-3 lg:grid-cols-2">
        <div className={cn(mode === "preview" && "max-lg:hidden")}>
          <label htmlFor={id} className="sr-only">
            {t("books.editor.textLabel", { title: chapter.title })}
          </label>
          <textarea
            id={id}
            ref={area}
            value={text}
            maxLength={BOOK_LIMITS.chapterBodyMax}
            onChange={(event) => change(event.target.value)}
            onBlur={() => {
              clearTimeout(timer.current);
              void save();
            }}
            dir="auto"
            spellCheck
            className="min-h-[60vh] w-full resize-y rounded-md border border-input bg-background p-3 font-mono text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <div
          className={cn(
            "min-h-[60vh] overflow-auto rounded-md border border-border bg-card p-4",
            mode === "write" && "max-lg:hidden",
          )}
          aria-label={t("books.editor.preview")}
          role="region"
        >
          {text.trim() ? (
            <MarkdownPreview source={text} />
          ) : (
            <p className="text-sm text-muted-foreground">{t("books.editor.nothingYet")}</p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">
          {t("books.editor.words", {
            count: wordCount(text),
            formatted: numbers.format(wordCount(text)),
          })}
        </span>
        <span
          role="status"
          aria-live="polite"
          data-save-state={state.kind}
          className={cn(state.kind === "error" && "text-destructive")}
        >
          {state.kind === "error"
            ? t(textKey(state.message))
            : state.kind === "conflict"
              ? t("books.editor.state.conflict")
              : t(`books.editor.state.${state.kind}`)}
        </span>
      </div>
    </div>
  );
}
