import { useEffect, useState } from "react";
import { History } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Button } from "#app/components/ui/button";
import { Spinner } from "#app/components/ui/spinner";
import { cn } from "#app/lib/cn";
import { dateTimeFormat, numberFormat } from "#app/lib/intl";
import { lineDiff } from "../line-diff";

interface Revision {
  id: string;
  version: number;
  body: string;
  words: number;
  updatedAt: string;
  authorName: string | null;
}

/**
 * A chapter's revision history: the saved versions (newest first), each one's difference from
 * the text in the editor, and Restore, which brings it back as a new version (so a restore can be
 * undone the same way).
 */
export function RevisionHistory({
  bookId,
  chapterId,
  current,
  onRestored,
}: {
  bookId: string;
  chapterId: string;
  current: string;
  onRestored: (version: number, body: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [revisions, setRevisions] = useState<Revision[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/book-forge/edit/${bookId}/history/${chapterId}`;

  useEffect(() => {
    if (!open) return;
    let live = true;
    fetch(url)
      .then((response) => response.json() as Promise<{ ok: boolean; revisions?: Revision[] }>)
      .then((answer) => {
        if (!live) return;
        if (answer.ok && answer.revisions) setRevisions(answer.revisions);
        else setFailed(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [open, url]);

  const restore = async (revisionId: string) => {
    setBusy(true);
    const form = new FormData();
    form.set("revisionId", revisionId);
    try {
      const response = await fetch(url, { method: "POST", body: form });
      const answer = (await response.json()) as { ok: boolean; version?: number; body?: string };
      if (answer.ok && answer.version !== undefined) {
        onRestored(answer.version, answer.body ?? "");
        setOpen(false);
      } else setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const dates = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const numbers = numberFormat(i18n.language);
  const selected = revisions?.find((revision) => revision.id === chosen) ?? null;

  return (
    <div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          // Each opening loads the history afresh.
          setRevisions(null);
          setFailed(false);
          setOpen(!open);
        }}
        aria-expanded={open}
      >
        <History aria-hidden="true" />
        {t("books.history.button")}
      </Button>
      {open ? (
        <section
          aria-label={t("books.history.title")}
          className="mt-3 rounded-lg border border-border bg-card p-3"
        >
          <h3 className="font-medium">{t("books.history.title")}</h3>
          {failed ? (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {t("books.history.failed")}
            </p>
          ) : revisions === null ? (
            <div className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner label={t("books.history.loading")} showLabel />
            </div>
          ) : revisions.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{t("books.history.empty")}</p>
          ) : (
            <ul className="mt-2 space-y-1">
              {revisions.map((revision) => (
                <li key={revision.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <button
                    type="button"
                    onClick={() => setChosen(chosen === revision.id ? null : revision.id)}
                    aria-pressed={chosen === revision.id}
                    className={cn(
                      "min-w-0 flex-1 rounded px-2 py-1 text-start hover:bg-muted",
                      chosen === revision.id && "bg-muted",
                    )}
                  >
                    {t("books.history.entry", {
                      date: dates.format(new Date(revision.updatedAt)),
                      name: revision.authorName ?? t("books.history.someone"),
                      words: numbers.format(revision.words),
                    })}
                  </button>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void restore(revision.id)}
                    aria-label={t("books.history.restoreLabel", {
                      date: dates.format(new Date(revision.updatedAt)),
                    })}
                  >
                    {t("books.history.restore")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {selected ? <DiffView before={current} after={selected.body} /> : null}
        </section>
      ) : null}
    </div>
  );
}

/** The lines restoring this revision would remove (−) and bring back (+). */
function DiffView({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const lines = lineDiff(before, after);
  const changed = lines.some((line) => line.kind !== "same");
  return (
    <div className="mt-3">
      <p className="text-xs text-muted-foreground">{t("books.history.diffHint")}</p>
      {changed ? (
        <pre
          dir="auto"
          className="mt-1 max-h-80 overflow-auto rounded border border-border bg-background p-2 text-xs whitespace-pre-wrap"
        >
          {lines.map((line, index) => (
            <div
              key={index}
              className={cn(
                line.kind === "added" && "bg-green-500/15",
                line.kind === "removed" && "bg-red-500/15 line-through",
              )}
            >
              <span aria-hidden="true">
                {line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}
              </span>
              <span className="sr-only">
                {line.kind === "added"
                  ? t("books.history.added")
                  : line.kind === "removed"
                    ? t("books.history.removed")
                    : ""}
              </span>
              {line.text || " "}
            </div>
          ))}
        </pre>
      ) : (
        <p className="mt-1 text-sm">{t("books.history.same")}</p>
      )}
    </div>
  );
}
