import { textKey } from "#app/i18n/i18n";
import { useEffect, useId } from "react";
import { useTranslation } from "#app/i18n/react";
import { useFetcher } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import { failureOf, type ActionResult } from "#app/lib/form";
import { Button } from "#app/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog";
import { FieldError } from "#app/components/ui/field-error";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { PREMIUM_REASON_MAX } from "../billing-validation";

export interface PremiumTarget {
  userId: string;
  displayName: string;
  intent: "grant" | "revoke";
}

/**
 * The manual grant / revoke dialog of /admin/subscriptions: a required reason (kept in the
 * audit log), posted to the page's action. On bad input the dialog stays open with the reason.
 */
export function PremiumDialog({
  target,
  onClose,
}: {
  target: PremiumTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t("common.close")}>
        {target ? (
          <PremiumForm key={`${target.userId}-${target.intent}`} target={target} onDone={onClose} />
        ) : (
          <DialogTitle className="sr-only">{t("admin.subscriptions.grant")}</DialogTitle>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PremiumForm({ target, onDone }: { target: PremiumTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = failureOf(result);
  const reasonError = failure?.fieldErrors.reason;
  // The reason has its place in the dialog; any other refusal is said above it.
  const formError =
    failure && !reasonError
      ? (failure.formError ?? Object.values(failure.fieldErrors)[0])
      : undefined;
  const grant = target.intent === "grant";
  useActionToast(result?.ok ? result : undefined, {
    success: {
      key: grant ? "admin.subscriptions.granted" : "admin.subscriptions.revoked",
      params: { name: target.displayName },
    },
  });
  useEffect(() => {
    if (result?.ok) onDone();
  }, [result, onDone]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {t(grant ? "admin.subscriptions.grantTitle" : "admin.subscriptions.revokeTitle", {
            name: target.displayName,
          })}
        </DialogTitle>
        <DialogDescription>
          {t(grant ? "admin.subscriptions.grantText" : "admin.subscriptions.revokeText")}
        </DialogDescription>
      </DialogHeader>
      <fetcher.Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value={target.intent} />
        <input type="hidden" name="userId" value={target.userId} />
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-reason`}>{t("admin.subscriptions.reason")}</Label>
          <Textarea
            id={`${id}-reason`}
            name="reason"
            rows={3}
            required
            maxLength={PREMIUM_REASON_MAX}
            defaultValue={result && !result.ok ? result.values?.reason : undefined}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={`${id}-hint${reasonError ? ` ${id}-error` : ""}`}
            autoFocus
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t("admin.subscriptions.reasonHint")}
          </p>
          <FieldError
            id={`${id}-error`}
            message={reasonError ? t(textKey(reasonError)) : undefined}
          />
        </div>
        <FieldError message={formError ? t(textKey(formError)) : undefined} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("common.cancel")}
            </Button>
          </DialogClose>
          <Button
            type="submit"
            variant={grant ? "default" : "destructive"}
            disabled={fetcher.state !== "idle"}
          >
            {t(grant ? "admin.subscriptions.grantConfirm" : "admin.subscriptions.revokeConfirm")}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </>
  );
}
