import { textKey } from "#app/i18n/i18n";
import { useId, useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { MarkdownPreview } from "#app/components/markdown";
import { FieldError, useFixableError } from "#app/components/ui/field-error";
import { Textarea } from "#app/components/ui/textarea";
import { cn } from "#app/lib/cn";

/**
 * A Markdown textarea with a Preview tab. The textarea stays in the form while previewing, so the
 * text is submitted (and kept) whichever tab is showing.
 */
export function MarkdownEditor({
  name,
  label,
  defaultValue,
  error: serverError,
  maxLength,
  rows = 10,
  placeholder,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  maxLength: number;
  rows?: number;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const [mode, setMode] = useState<"write" | "preview">("write");
  const { error, fieldProps } = useFixableError(serverError);
  const tab = (name: "write" | "preview") => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === name}
      aria-controls={`${id}-${name}`}
      onClick={() => setMode(name)}
      className={cn(
        "rounded-md px-3 py-1 text-sm",
        mode === name
          ? "bg-card font-medium shadow"
          : "text-muted-foreground hover:text-foreground",
      )}
    >
      {t(`discussions.${name}`)}
    </button>
  );
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <div
          role="tablist"
          aria-label={t("discussions.editorMode")}
          className="flex gap-1 rounded-lg bg-muted p-1"
        >
          {tab("write")}
          {tab("preview")}
        </div>
      </div>
      <div id={`${id}-write`} role="tabpanel" hidden={mode !== "write"} {...fieldProps}>
        <Textarea
          id={id}
          name={name}
          rows={rows}
          maxLength={maxLength}
          value={value}
          placeholder={placeholder}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        />
      </div>
      <div
        id={`${id}-preview`}
        role="tabpanel"
        hidden={mode !== "preview"}
        className="min-h-32 rounded-md border border-border bg-card p-3"
      >
        {mode !== "preview" ? null : value.trim() ? (
          <MarkdownPreview source={value} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("discussions.nothingToPreview")}</p>
        )}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("discussions.markdownHint")}
      </p>
      <FieldError id={`${id}-error`} message={error ? t(textKey(error)) : undefined} />
    </div>
  );
}
