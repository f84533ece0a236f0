import { actionError } from "#app/lib/form";
import type { ConsultationRefusal, ConsultationRefusedError } from "./consultations.server";

const STATUS: Record<ConsultationRefusal, number> = {
  notEligible: 403,
  slotGone: 409,
  slotTaken: 409,
  monthUsed: 409,
  notFound: 404,
  tooLate: 409,
  notBooked: 409,
};

/** A refused command as the form's answer: the translated reason, the input kept. */
export function consultationRefusal(
  error: ConsultationRefusedError,
  values: Record<string, string> = {},
) {
  return actionError(
    { formError: `consultations.refusals.${error.reason}`, values },
    STATUS[error.reason],
  );
}
