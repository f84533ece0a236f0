import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { useTranslation } from "#app/i18n/react";
import { PRACTICE_LIMITS } from "../practice";

interface Row {
  key: number;
  title: string;
  text: string;
  minutes: string;
}

/**
 * A practice's steps in the article form, sent as `steps.<n>.title|text|minutes` in order. One
 * empty row is always offered (the server drops empty rows), so without JavaScript a step can be
 * added per save; with it, rows are added, removed and moved here.
 */
export function StepsEditor({
  initial,
  error,
}: {
  initial: ReadonlyArray<{ title: string; text: string; minutes: number | string }>;
  error?: string;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const row = (
    key: number,
    step?: { title?: string; text?: string; minutes?: string | number },
  ): Row => ({
    key,
    title: step?.title ?? "",
    text: step?.text ?? "",
    minutes: step?.minutes === undefined ? "" : String(step.minutes),
  });
  // Keys are the rows' first places, then one more than the largest: the same on the server and
  // in the browser, so the fields' ids match when the page hydrates.
  const [rows, setRows] = useState<Row[]>(() => [
    ...initial.map((s, index) => row(index, s)),
    row(initial.length),
  ]);
  const addRow = () =>
    setRows((list) => [...list, row(Math.max(-1, ...list.map((r) => r.key)) + 1)]);
  const update = (index: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const move = (index: number, by: number) =>
    setRows((list) => {
      const copy = [...list];
      const [item] = copy.splice(index, 1);
      copy.splice(index + by, 0, item!);
      return copy;
    });
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${baseId}-error` : undefined}>
      <legend className="text-sm font-medium">{t("library.form.steps")}</legend>
      <p className="text-xs text-muted-foreground">{t("library.form.stepsHint")}</p>
      <ol className="space-y-3">
        {rows.map((r, index) => (
          <li key={r.key} className="rounded-lg border border-border p-3">
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_7rem]">
              <div className="space-y-1">
                <Label htmlFor={`${baseId}-${r.key}-title`}>
                  {t("library.form.stepTitle", { index: index + 1 })}
                </Label>
                <Input
                  id={`${baseId}-${r.key}-title`}
                  name={`steps.${index}.title`}
                  value={r.title}
                  maxLength={PRACTICE_LIMITS.stepTitle}
                  onChange={(e) => update(index, { title: e.target.value })}
                  dir="auto"
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${baseId}-${r.key}-minutes`}>
                  {t("library.form.stepMinutes")}
                </Label>
                <Input
                  id={`${baseId}-${r.key}-minutes`}
                  name={`steps.${index}.minutes`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={PRACTICE_LIMITS.stepMinutes}
                  value={r.minutes}
                  onChange={(e) => update(index, { minutes: e.target.value })}
                />
              </div>
            </div>
            <div className="mt-3 space-y-1">
              <Label htmlFor={`${baseId}-${r.key}-text`}>{t("library.form.stepText")}</Label>
              <Textarea
                id={`${baseId}-${r.key}-text`}
                name={`steps.${index}.text`}
                rows={2}
                value={r.text}
                maxLength={PRACTICE_LIMITS.stepText}
                onChange={(e) => update(index, { text: e.target.value })}
                dir="auto"
              />
            </div>
            <div className="mt-2 flex flex-wrap gap-1">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t("library.form.stepUp", { index: index + 1 })}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t("library.form.stepDown", { index: index + 1 })}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={rows.length === 1}
                onClick={() => setRows((list) => list.filter((_, i) => i !== index))}
                aria-label={t("library.form.stepRemove", { index: index + 1 })}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <FieldError id={`${baseId}-error`} message={error ? t(error as "errors.badRequest") : null} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={rows.length >= PRACTICE_LIMITS.steps}
        onClick={addRow}
      >
        <Plus aria-hidden="true" />
        {t("library.form.addStep")}
      </Button>
    </fieldset>
  );
}
