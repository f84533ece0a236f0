import { useTranslation } from "#app/i18n/react";
import { Badge } from "#app/components/ui/badge";
import type { PetitionStatus } from "../machine";

const VARIANT: Record<PetitionStatus, "default" | "secondary" | "outline" | "destructive"> = {
  submitted: "outline",
  accepted: "secondary",
  scheduled: "secondary",
  performed: "default",
  closed: "outline",
  declined: "destructive",
};

/** A request's status as a small pill. */
export function PetitionStatusBadge({ status }: { status: PetitionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {t(`petitions.status.${status}`)}
    </Badge>
  );
}
