import { routeArgs } from "./route-args";

/** What a loader or action answered: its action result and status, its data, or the status it threw. */
export interface RouteAnswer {
  status: number;
  location?: string | null;
  body?: {
    ok: boolean;
    toast?: { key: string };
    fieldErrors?: Record<string, string>;
    formError?: string;
    values?: Record<string, string>;
  };
  data?: unknown;
}

/** A GET, or a POST of `fields` (a URL-encoded form, or multipart when a FormData), as `cookie`. */
export function routeRequest(
  path: string,
  cookie: string | null,
  fields?: Record<string, string> | FormData,
) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (fields && !(fields instanceof FormData))
    headers["content-type"] = "application/x-www-form-urlencoded";
  return new Request(`http://localhost:3000${path}`, {
    method: fields ? "POST" : "GET",
    headers,
    body: fields instanceof FormData ? fields : fields ? new URLSearchParams(fields) : undefined,
  });
}

/** Calls a route's loader or action as the framework would and reads what it answered. */
export async function callRoute(
  run: (args: never) => unknown,
  path: string,
  cookie: string | null,
  params: Record<string, string> = {},
  fields?: Record<string, string> | FormData,
): Promise<RouteAnswer> {
  try {
    const result = (await run(routeArgs(routeRequest(path, cookie, fields), params))) as
      { data: RouteAnswer["body"]; init?: { status?: number } } | Record<string, unknown>;
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return {
        status: (result.init as { status?: number } | undefined)?.status ?? 200,
        body: result.data as RouteAnswer["body"],
      };
    return { status: 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("location") };
    const answer = thrown as { init?: { status?: number } | null };
    if (answer && typeof answer === "object" && "init" in answer)
      return { status: answer.init?.status ?? 500 };
    throw thrown;
  }
}
