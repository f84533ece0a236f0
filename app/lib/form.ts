import { data } from "react-router";
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** The first error message (a translation key) of each field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    result[key] ??= issue.message;
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
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) unreadableForm();
  }
  return form;
}
