/**
 * The arguments React Router gives a route's loader or action, for calling one directly in a test:
 * the request, its params, and `url`, the page's normalized address (no `.data` suffix, no
 * `_routes` parameter), as the framework computes it.
 */
export function routeArgs(request: Request, params: Record<string, string> = {}) {
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/(\/_)?\.data$/, "") || "/";
  url.searchParams.delete("_routes");
  return { request, url, params, context: undefined } as never;
}
