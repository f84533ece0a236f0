import { useNavigate } from "react-router";
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
import { useTranslation } from "#app/i18n/react";

/** Where the dialog's "I trust master {name}" leads: the booking page, or signing in first. */
export function consultationPath(signedIn: boolean): string {
  return signedIn ? "/consultation" : `/auth?redirectTo=${encodeURIComponent("/consultation")}`;
}

/**
 * SPEC §4 "Consultation dialog": 'No, I am not ready' closes it; 'I trust master {name}' closes it
 * and continues to the booking page (a guest signs in first), where the rules, the times and,
 * once booked, the tarot reading page are.
 */
export function ConsultationDialog({
  open,
  onOpenChange,
  masterName,
  signedIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  masterName: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("consultations.dialog.title")}</DialogTitle>
          <DialogDescription>
            {t("consultations.dialog.text", { name: masterName })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("consultations.dialog.decline")}</Button>
          </DialogClose>
          <Button
            onClick={() => {
              onOpenChange(false);
              void navigate(consultationPath(signedIn));
            }}
          >
            {t("consultations.dialog.accept", { name: masterName })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
