import { data } from "react-router";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** A translation key ("discussions.errors.commentRequired"), as opposed to zod's own English messages. */
const TRANSLATION_KEY = /^[a-z]\w*(\.\w+)+$/i;

/**
 * The first error message (a translation key) of each field of a failed zod parse. A check the
 * schema gave no key of its own (a field missing altogether, a value no form offers) is
 * "the request could not be processed", never zod's English text.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    result[key] ??= TRANSLATION_KEY.test(issue.message) ? issue.message : "errors.badRequest";
  }
  return result;
}

/** Plain string values of a form, for validation and for giving the input back on errors. */
export function formValues(form: FormData, omit: string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !omit.includes(key)) values[key] = value;
  }
  return values;
}

/** The answer to a form the server cannot read: the error screen says "The request could not be processed." */
function unreadableForm(): never {
  throw data(null, { status: 400, statusText: "Bad Request" });
}

/**
 * The submitted form of a route action, or a 400 for anything that is not one: another content
 * type (JSON, text, none), a body that does not parse, or a text field holding a NUL character,
 * which no one types and PostgreSQL text cannot store. Every action reads its form through this
 * instead of `request.formData()`, which throws (a 500) on all of these.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) unreadableForm();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    unreadableForm();
  }
  for (const [name, value] of form.entries()) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0")))
      unreadableForm();
  }
  return form;
}

/** A toast the page shows for an action's answer: a translation key and its values. */
export interface ToastMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** An action that did what was asked: maybe a toast to show, maybe data for the page. */
export interface ActionSuccess<D = undefined> {
  ok: true;
  toast?: ToastMessage;
  data?: D;
}

/**
 * An action that refused its input: each field's error (translation keys, shown beside the field),
 * a message for the whole form (shown as a toast) and the text fields as they were sent, so the
 * form is filled again — never a password.
 */
export interface ActionFailure {
  ok: false;
  fieldErrors: FieldErrors;
  formError?: string;
  values: Record<string, string>;
}

/** The one answer shape of every route action (decision 032); `useActionToast` shows its toast. */
export type ActionResult<D = undefined> = ActionSuccess<D> | ActionFailure;

/** The message of `idSchema` (app/lib/ids.ts). */
const BAD_ID = "errors.badId";

/** Fields whose value is never sent back to the page. */
const SECRET_FIELD = /password|token|cvc|cardNumber/i;

/** The input of a form as it may be given back: text fields, secrets left out. */
export function keptValues(form: FormData): Record<string, string> {
  return formValues(
    form,
    [...form.keys()].filter((name) => SECRET_FIELD.test(name)),
  );
}

/** A success answer (HTTP 200 unless `init` says otherwise). */
export function actionOk<D = undefined>(
  result: Omit<ActionSuccess<D>, "ok"> = {},
  init?: ResponseInit,
) {
  return data<ActionResult<D>>({ ok: true, ...result }, init);
}

/** A refusal: HTTP 400 unless told otherwise (403 forbidden, 404 gone, 409 conflict, 429 too many). */
export function actionError(failure: Partial<Omit<ActionFailure, "ok">>, status = 400) {
  return data<ActionResult<never>>(
    { ok: false, fieldErrors: {}, values: {}, ...failure },
    { status },
  );
}

export type ParsedForm<T> =
  | { ok: true; data: T; form: FormData; values: Record<string, string> }
  | { ok: false; failure: ActionFailure; response: ReturnType<typeof actionError> };

/**
 * Reads a route action's form (`readForm`: a 400 for anything that is not one) and validates it
 * with `schema`. On bad input the failure is ready to return: HTTP 400 with each field's error,
 * the input kept, and — with `toast: true`, for forms without a place for field errors — the
 * first error as the form's message.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: { toast?: boolean } = {},
): Promise<ParsedForm<z.output<S>>> {
  const form = await readForm(request);
  return validateForm(form, schema, options);
}

/** `parseForm` for a form already read (an action that reads a field before choosing a schema). */
export function validateForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
  options: { toast?: boolean } = {},
): ParsedForm<z.output<S>> {
  return validateValues(form, formValues(form), schema, options);
}

/**
 * `parseForm` for text values the action completed itself (the address of an uploaded image).
 * Validation sees text fields only: files are read by the action (avatars, site images).
 */
export function validateValues<S extends z.ZodType>(
  form: FormData,
  input: Record<string, string>,
  schema: S,
  options: { toast?: boolean } = {},
): ParsedForm<z.output<S>> {
  const values = Object.fromEntries(
    Object.entries(input).filter(([name]) => !SECRET_FIELD.test(name)),
  );
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data, form, values };
  const errors = fieldErrors(parsed.error);
  // An id travels in a hidden field or the address, with no place beside it for an error: a
  // malformed one is the form's error (its toast).
  const formError = options.toast
    ? Object.values(errors)[0]
    : Object.values(errors).find((message) => message === BAD_ID);
  const failure: ActionFailure = { ok: false, fieldErrors: errors, values, formError };
  return { ok: false, failure, response: actionError(failure) };
}

/** An action's answer if it refused the input (its field errors and the input to show again), else undefined. */
export function failureOf(
  result: ActionResult<unknown> | undefined | null,
): ActionFailure | undefined {
  return result && !result.ok ? result : undefined;
}
