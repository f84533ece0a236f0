import { textKey } from "#app/i18n/i18n";
import { Flag } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "#app/i18n/react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import type { ActionResult } from "#app/lib/form";
import { REPORT_REASON_MAX } from "../limits";

/**
 * 'Report' opens a reason field on a line of its own, its question shown in full as the label;
 * Escape or Cancel closes it and gives focus back to 'Report'. The report goes to the moderation
 * queue.
 */
export function ReportForm({
  targetType,
  targetId,
}: {
  targetType: "post" | "comment";
  targetId: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // Closing (not sending) gives focus back to 'Report', which is rendered again by then.
  const refocus = useRef(false);
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    trigger.current?.focus();
  }, [open]);
  const close = () => {
    refocus.current = true;
    setOpen(false);
  };

  // The reason's own error, else the form's (rate limit, refusal).
  const error =
    fetcher.data && !fetcher.data.ok
      ? (fetcher.data.fieldErrors.reason ?? fetcher.data.formError)
      : undefined;
  if (fetcher.data?.ok)
    return (
      <span role="status" className="text-xs text-muted-foreground">
        {t("discussions.reportSent")}
      </span>
    );
  if (!open) {
    return (
      <Button
        ref={trigger}
        type="button"
        size="sm"
        variant="ghost"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <Flag className="size-3.5" aria-hidden="true" />
        {t("discussions.report")}
      </Button>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    close();
  };
  const id = `report-${targetId}`;
  return (
    <fetcher.Form
      method="post"
      className="w-full basis-full space-y-2 rounded-md border border-border bg-card p-3 text-start"
      onKeyDown={onKeyDown}
      data-testid="report-box"
    >
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <label htmlFor={id} className="block text-sm font-medium">
        {t("discussions.reportReason")}
      </label>
      <Input
        id={id}
        name="reason"
        maxLength={REPORT_REASON_MAX}
        className="w-full"
        required
        autoFocus
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {t(textKey(error))}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={close}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" variant="secondary" disabled={fetcher.state !== "idle"}>
          {t("discussions.report")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
