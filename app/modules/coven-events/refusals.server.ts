import { actionError } from "#app/lib/form";
import type { EventRefusal, EventRefusedError } from "./events.server";

/** The HTTP status of each refusal a page answers with; 409 for the rest (the event's state). */
const REFUSAL_STATUS: Partial<Record<EventRefusal, number>> = {
  notFound: 404,
  notAllowed: 403,
  rateLimited: 429,
};

/** Refusals about one field of the event form, shown beside it rather than as a toast. */
const FIELD_OF: Partial<Record<EventRefusal, string>> = {
  title: "title",
  description: "description",
  timeZone: "timeZone",
  times: "endTime",
  interval: "interval",
  weekdays: "weekdays",
  until: "until",
  capacity: "capacity",
  link: "onlineUrl",
  place: "place",
  cover: "cover",
  visibility: "visibility",
};

/**
 * An action's answer to a refused event command: a field's error (400) for a bad field, else the
 * translated reason as the form's message with its status; the input is kept either way.
 */
export function eventRefusalAnswer(
  error: EventRefusedError,
  values: Record<string, string>,
  options: { toast?: boolean } = {},
) {
  const field = FIELD_OF[error.reason];
  if (field) {
    const key = `events.form.errors.${error.reason}`;
    return actionError(
      { fieldErrors: { [field]: key }, formError: options.toast ? key : undefined, values },
      400,
    );
  }
  return actionError(
    { formError: `events.refusals.${error.reason}`, values },
    REFUSAL_STATUS[error.reason] ?? 409,
  );
}

/** The status a loader answers a refusal with (the error page is translated by status). */
export function refusalStatus(error: EventRefusedError): number {
  return REFUSAL_STATUS[error.reason] ?? 409;
}
