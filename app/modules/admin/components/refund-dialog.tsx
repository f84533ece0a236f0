import { textKey } from "#app/i18n/i18n";
import { useEffect } from "react";
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

export interface RefundTarget {
  paymentId: string;
  member: string;
  amount: string;
  receipt: string;
}

/**
 * "Refund this payment?" on /admin/transactions. A refund inside the guarantee returns the money
 * and ends the member's premium access at once; a refused refund (outside the guarantee, already
 * refunded…) is explained in the dialog and in a toast.
 */
export function RefundDialog({
  target,
  onClose,
}: {
  target: RefundTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t("common.close")}>
        {target ? (
          <RefundForm key={target.paymentId} target={target} onDone={onClose} />
        ) : (
          <DialogTitle className="sr-only">{t("admin.transactions.refund")}</DialogTitle>
        )}
      </DialogContent>
    </Dialog>
  );
}

function RefundForm({ target, onDone }: { target: RefundTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = failureOf(result)?.formError;
  useActionToast(result, {
    success: {
      key: "admin.transactions.refunded",
      params: { receipt: target.receipt, member: target.member },
    },
  });
  useEffect(() => {
    if (result?.ok) onDone();
  }, [result, onDone]);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t("admin.transactions.refundTitle", { amount: target.amount })}</DialogTitle>
        <DialogDescription>
          {t("admin.transactions.refundText", { member: target.member, receipt: target.receipt })}
        </DialogDescription>
      </DialogHeader>
      {error ? <FieldError message={t(textKey(error))} /> : null}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="paymentId" value={target.paymentId} />
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("common.cancel")}
            </Button>
          </DialogClose>
          <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle"
              ? t("admin.transactions.refunding")
              : t("admin.transactions.refundConfirm", { amount: target.amount })}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </>
  );
}
