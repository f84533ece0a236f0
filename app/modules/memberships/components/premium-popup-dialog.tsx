import { Crown } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link } from "react-router";
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
import { BenefitList } from "./benefit-list";

/** The premium popup's dialog (SPEC §4); ./premium-popup.tsx decides when it opens. */
export default function PremiumPopupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t("premiumPopup.close")}
        className="max-w-md overflow-hidden p-0"
        data-testid="premium-popup"
      >
        <div className="bg-gradient-to-br from-primary/20 via-primary/10 to-transparent px-6 pt-6 pb-4">
          <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm">
            <Crown className="size-5" aria-hidden="true" />
          </span>
          <DialogHeader className="mt-3">
            <DialogTitle className="text-xl">{t("premiumPopup.title")}</DialogTitle>
            <DialogDescription>{t("premiumPopup.description")}</DialogDescription>
          </DialogHeader>
        </div>
        <div className="px-6">
          {/* What full membership adds, from the benefits registry: only what exists. */}
          <BenefitList plan="full" className="space-y-3" />
        </div>
        <DialogFooter className="px-6 pb-6">
          <DialogClose asChild>
            <Button variant="ghost">{t("premiumPopup.later")}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/subscription" onClick={() => onOpenChange(false)}>
              <Crown className="size-4" aria-hidden="true" />
              {t("premiumPopup.upgrade")}
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
