/**
 * The address of the page a request is for. Loaders see the raw request, and a client-side
 * navigation asks for a page's data at `/path.data` (`/_.data` for `/`) with a `_routes`
 * parameter; this undoes that, as React Router does before matching routes, so a loader that
 * reads its own address (to find a page, or to come back after signing in) gets `/path`.
 */
export function pageAddress(request: Request | string): { pathname: string; search: string } {
  const url = new URL(typeof request === "string" ? request : request.url);
  let pathname = url.pathname;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return { pathname: pathname || "/", search: search ? `?${search}` : "" };
}
