import { Flag } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { REPORT_REASON_MAX } from "../limits";

/** 'Report' opens a one-line reason field; the report goes to the moderation queue. */
export function ReportForm({ targetType, targetId }: { targetType: "post" | "comment"; targetId: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>();
  const [open, setOpen] = useState(false);
  if (fetcher.data?.ok) return <span role="status" className="text-xs text-muted-foreground">{t("discussions.reportSent")}</span>;
  if (!open) {
    return (
      <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <Flag className="size-3.5" aria-hidden="true" />
        {t("discussions.report")}
      </Button>
    );
  }
  return (
    <fetcher.Form method="post" className="flex w-full flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="targetType" value={targetType} />
      <input type="hidden" name="targetId" value={targetId} />
      <label htmlFor={`report-${targetId}`} className="sr-only">
        {t("discussions.reportReason")}
      </label>
      <Input id={`report-${targetId}`} name="reason" placeholder={t("discussions.reportReason")} maxLength={REPORT_REASON_MAX} className="h-8 max-w-sm flex-1" required autoFocus />
      <Button type="submit" size="sm" variant="secondary">
        {t("discussions.report")}
      </Button>
      {fetcher.data?.error ? <span role="alert" className="text-xs text-destructive">{t(fetcher.data.error)}</span> : null}
    </fetcher.Form>
  );
}
