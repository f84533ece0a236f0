import { data } from "react-router";
import { z } from "zod";

/**
 * Every id a form field or an address names (users, posts, comments, payments, conversations…):
 * a UUID, or the input is refused with a 400 and a translated message before any query runs —
 * PostgreSQL would answer a malformed uuid with an error (a 500), and a well-formed id that names
 * nothing is the command's "not found".
 */
export const idSchema = z.uuid("errors.badId"); // the message is also app/lib/form.ts's BAD_ID

/** An optional reference (a reply's parent): empty, or an id. */
export const optionalIdSchema = z.union([z.literal(""), idSchema]).default("");

/**
 * An id from the page's address (`params.conversationId`): a malformed one is a 400 — the error
 * page says the request could not be processed — before any query runs.
 */
export function idParam(value: string | undefined): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw data("errors.badId", { status: 400, statusText: "Bad Request" });
  return parsed.data;
}
