import type { MiddlewareHandler } from "hono";
import { refuse, type Refusal } from "./refusal";

const BAD_REQUEST: Refusal = {
  status: 400,
  code: "BAD_REQUEST",
  title: "errors.errorOccurred",
  text: "errors.badRequest",
};

/** Control characters, which no page address of ours contains. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The address must decode: broken percent-encoding (`/profile/%E0%A4%A`) or a control character
 * in the path, or a NUL in the query (PostgreSQL text cannot hold one), is answered 400 here,
 * once, instead of reaching loaders and the database in a shape none of them expects.
 */
export const wellFormedAddress: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return refuse(c, BAD_REQUEST);
  }
  if (CONTROL.test(path)) return refuse(c, BAD_REQUEST);
  for (const [name, value] of url.searchParams)
    if (name.includes("\0") || value.includes("\0")) return refuse(c, BAD_REQUEST);
  return next();
};

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([key, v]) => key.includes("\0") || holdsNul(v));
  return false;
}

/**
 * better-auth's endpoints take a JSON object. Anything else sent to them (`null`, an array, a
 * string, invalid JSON, another content type) or a NUL anywhere in it is answered 400 before
 * better-auth reads it: it answered some of these with 500. Checking the fields themselves is
 * the validation's job (the same rules as the forms); this only guarantees their container.
 */
export const authJsonBody: MiddlewareHandler = async (c, next) => {
  if (c.req.method !== "POST") return next();
  const raw = c.req.raw.clone();
  // Bodies are already limited (server/body-limit.ts), so reading one here is bounded.
  const text = raw.body ? await raw.text() : "";
  if (text === "") return next();
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\b/i.test(type) || text.includes("\0")) return refuse(c, BAD_REQUEST);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(c, BAD_REQUEST);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body) || holdsNul(body))
    return refuse(c, BAD_REQUEST);
  return next();
};
