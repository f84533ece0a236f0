import { actionError } from "#app/lib/form";
import type { SpiritRefusedError } from "./spirits.server";

const STATUS: Record<SpiritRefusedError["reason"], number> = {
  notFound: 404,
  nameTaken: 409,
  full: 409,
};

/** An action's answer to a refused command: its translated reason and status, the input kept. */
export function spiritRefusal(error: SpiritRefusedError, values: Record<string, string> = {}) {
  return actionError(
    { formError: `spirits.refusals.${error.reason}`, values },
    STATUS[error.reason],
  );
}
