import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  isRouteErrorResponse,
} from "react-router";
import { requestContext } from "#app/context";
import { isDatabaseUnavailable } from "#app/db/errors";
import { documentStream } from "#app/document-stream.server";
import { registerServerI18n } from "#app/i18n/resources.server";
import { contentSecurityPolicy } from "#app/lib/content-security-policy.server";
import { publicUrl } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";

export const streamTimeout = 5_000;

registerServerI18n();

/**
 * Every error a loader, action or render threw. A lost database connection is the database's
 * fault, not the page's: it is marked on the request so the server answers 503 (try again soon)
 * instead of 500, and logged as a warning once per request.
 */
export const handleError: HandleErrorFunction = (thrown, { request, context }) => {
  if (request.signal.aborted) return;
  // A route error response made from an exception carries it (undocumented, as React Router's own default reads it).
  const inner = isRouteErrorResponse(thrown) ? (thrown as { error?: unknown }).error : undefined;
  const error = inner ?? thrown;
  const current = context?.get(requestContext);
  if (isDatabaseUnavailable(error)) {
    if (current && !current.databaseUnavailable)
      logger.warn({ err: error, reqId: current.requestId }, "database unavailable");
    if (current) current.databaseUnavailable = true;
    return;
  }
  if (isRouteErrorResponse(thrown) && thrown.status < 500)
    logger.info({ status: thrown.status, reqId: current?.requestId }, thrown.statusText);
  else logger.error({ err: error, reqId: current?.requestId }, "request failed");
};

/** Renders the document, streaming; every inline script carries this response's CSP nonce. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // HEAD never reaches this point: server/app.ts answers it as a GET without the body.
  const { nonce } = loadContext.get(requestContext);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = documentStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            contentSecurityPolicy(nonce, publicUrl().startsWith("https://")),
          );
          pipe(body.writable);
          resolve(
            new Response(body.readable, { headers: responseHeaders, status: responseStatusCode }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}
