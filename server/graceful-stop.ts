import type { IncomingMessage, Server, ServerResponse } from "node:http";

export interface Drainer {
  /** Whether `drain()` was called. */
  readonly draining: boolean;
  /**
   * Stops accepting connections, answers the requests in flight with `Connection: close`, closes
   * idle keep-alive connections at once and every other one as soon as its response is done.
   * Resolves when no connection is left.
   */
  drain(): Promise<void>;
}

/**
 * Makes `server` drainable. `server.close()` alone only stops accepting: a keep-alive connection
 * stays open, and a browser that keeps sending requests on it is served for ever, so the process
 * never finishes draining. Call this right after creating the server, before any request.
 */
export function drainable(server: Server): Drainer {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let drained: Promise<void> | undefined;

  const closeWhenDone = (response: ServerResponse) => {
    // A response that started before the drain went out with keep-alive: once it is done, its
    // connection is idle and closing it loses nothing.
    response.once("close", () => setImmediate(() => server.closeIdleConnections()));
  };

  // Before the application's own listener, so the header is set before anything is written.
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
    if (draining) {
      // A request that arrived on a connection still open (it was busy when the drain began).
      response.setHeader("Connection", "close");
      closeWhenDone(response);
    }
  });

  return {
    get draining() {
      return draining;
    },
    drain() {
      drained ??= new Promise<void>((resolve) => {
        draining = true;
        server.close(() => resolve());
        for (const response of inFlight) {
          if (!response.headersSent) response.setHeader("Connection", "close");
          closeWhenDone(response);
        }
        server.closeIdleConnections();
      });
      return drained;
    },
  };
}
