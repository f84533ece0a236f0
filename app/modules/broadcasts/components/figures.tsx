import { useTranslation } from "#app/i18n/react";
import { Progress } from "#app/components/ui/progress";

export interface Figures {
  status: "draft" | "sending" | "sent";
  recipients: number;
  delivered: number;
  notified: number;
  emailed: number;
  optedOut: number;
}

/** A broadcast's progress while it is sent, and its delivery figures. */
export function DeliveryFigures({ figures }: { figures: Figures }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const rows = [
    ["recipients", figures.recipients],
    ["delivered", figures.delivered],
    ["notified", figures.notified],
    ["emailed", figures.emailed],
    ["optedOut", figures.optedOut],
  ] as const;
  return (
    <section className="space-y-3" aria-label={t("admin.broadcast.figures")}>
      <Progress
        value={figures.delivered}
        max={Math.max(figures.recipients, 1)}
        aria-label={t("admin.broadcast.progress")}
        valueText={t("admin.broadcast.progressText", {
          done: number.format(figures.delivered),
          total: number.format(figures.recipients),
        })}
        data-testid="broadcast-progress"
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("admin.broadcast.progressText", {
          done: number.format(figures.delivered),
          total: number.format(figures.recipients),
        })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="broadcast-figures">
        {rows.map(([key, value]) => (
          <div key={key} className="rounded-lg border border-border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{t(`admin.broadcast.figure.${key}`)}</dt>
            <dd className="text-xl font-semibold" data-figure={key}>
              {number.format(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
