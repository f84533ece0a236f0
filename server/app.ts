import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { RouterContextProvider, createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { requestContext, type RequestContext } from "#app/context";
import { database } from "#app/db/client.server";
import { isDatabaseUnavailable } from "#app/db/errors";
import { auth, getViewer, CLIENT_IP_HEADER } from "#app/modules/auth/index.server";
import { IMAGE_PROXY_PATH } from "#app/lib/image-src";
import {
  MEDIA_FILES_PATH,
  createImageProxy,
  handleUpload,
  serveMediaFile,
} from "#app/modules/media/index.server";
import { UPLOADS_PATH } from "#app/modules/media";
import { ANALYTICS_BEACON_PATH } from "#app/modules/analytics";
import {
  flushAnalytics,
  handleBeacon,
  isDocumentResponse,
  recordDocument,
} from "#app/modules/analytics/index.server";
import { RealtimeHub, realtimeHub, useRealtimeHub } from "#app/modules/realtime/index.server";
import { forgetCommunityCounts } from "#app/modules/shell/index.server";
import { seedIfEmpty } from "#app/db/seed.server";
import { extendOccurrences } from "#app/modules/coven-events/index.server";
import { backgroundIdle } from "#app/lib/background.server";
import { ConfigError, config, publicUrl } from "#app/lib/config.server";
import { openConfiguredDatabase } from "./database";
import { startJobs, stopJobs } from "#app/modules/events/index.server";
import { closeAllEventStreams, eventStream } from "./event-stream";
import { bodyLimit } from "./body-limit";
import { cacheControl } from "./cache-control";
import { drainable } from "./graceful-stop";
import { headAsGet } from "./head";
import { applyProcessFaultPolicy } from "./process-faults";
import { loggedPath, logger } from "#app/lib/logger.server";
import { authJsonBody, wellFormedAddress } from "./request-guards";
import { newNonce, sameOriginWrites, securityHeaders } from "./security";

type Env = { Bindings: HttpBindings; Variables: { requestId: string; nonce: string } };

/** How long a stop waits for requests in flight before cutting them. */
const DRAIN_MS = 10_000;

/** What a 503 asks clients to wait: the pool reconnects within a few seconds of the database's return. */
const RETRY_AFTER_SECONDS = "5";

/** The same response (the error page, or the error in `.data`) as 503 Service Unavailable. */
function unavailable(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", RETRY_AFTER_SECONDS);
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

/** The HTTP application: health checks, static files, auth API, then the React Router pages. */
export function createApp(): Hono<Env> {
  const cfg = config();
  const secure = publicUrl().startsWith("https://");
  const handleRequest = createRequestHandler(
    build,
    cfg.NODE_ENV === "development" ? "development" : "production",
  );
  const app = new Hono<Env>();

  app.use(async (c, next) => {
    const started = performance.now();
    const method = c.req.method;
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    c.set("requestId", requestId);
    c.set("nonce", newNonce());
    // Only the socket knows the client's address; a copy sent by the client is discarded.
    c.req.raw.headers.set(CLIENT_IP_HEADER, c.env?.incoming?.socket?.remoteAddress ?? "unknown");
    await next();
    c.header("X-Request-Id", requestId);
    // A page served to a person is a page view, to a bot a crawler visit (buffered, never awaited).
    if (isDocumentResponse(c.req.raw, c.res)) {
      const request = c.req.raw;
      void recordDocument(
        request,
        c.res,
        c.req.path,
        async () => (await getViewer(request).catch(() => null))?.user.id ?? null,
      ).catch((error) => logger.debug({ err: error }, "page view not recorded"));
    }
    logger.info(
      {
        reqId: requestId,
        method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
  });
  app.use(headAsGet);
  app.use(securityHeaders(secure));
  app.use(cacheControl);
  app.use(wellFormedAddress);
  // Before anything reads a body (better-auth's hooks read the e-mail of a sign-in).
  app.use(bodyLimit);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database().ping();
      return c.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable" }, 503, { "Retry-After": RETRY_AFTER_SECONDS });
    }
  });

  // Before compression: a compressed event stream would be held back in the compressor's buffer.
  app.get("/api/events", async (c) => {
    const hub = realtimeHub();
    if (!hub) return c.text("Realtime events are not available", 503);
    const viewer = await getViewer(c.req.raw);
    return eventStream(
      hub,
      { userId: viewer?.user.id ?? null, isAdmin: viewer?.isAdmin ?? false },
      c.req.raw.signal,
    );
  });

  // Remote images of member content, fetched by the server (before compression: images are compressed).
  const imageProxy = createImageProxy({
    signedIn: async (request) => (await getViewer(request)) !== null,
  });
  app.get(IMAGE_PROXY_PATH, (c) => imageProxy(c.req.raw));

  // Uploaded media, to whoever its purpose's access rule lets receive it (before compression:
  // range requests count the stored bytes).
  app.get(`${MEDIA_FILES_PATH}/:id{[^/]+}`, async (c) =>
    serveMediaFile(c.req.raw, await getViewer(c.req.raw), c.req.param("id"), "file"),
  );
  app.get(`${MEDIA_FILES_PATH}/:id{[^/]+}/poster`, async (c) =>
    serveMediaFile(c.req.raw, await getViewer(c.req.raw), c.req.param("id"), "poster"),
  );

  // Writes from other sites are refused (before any write route below and the pages).
  const sameOrigin = sameOriginWrites(() => [new URL(publicUrl()).origin]);

  // The analytics beacon: every open tab posts it, so it is answered here, ahead of the static
  // file look-ups, compression and the page machinery (the route module calls the same handler).
  app.post(ANALYTICS_BEACON_PATH, sameOrigin, (c) => handleBeacon(c.req.raw));

  app.use(
    "/assets/*",
    serveStatic({
      root: "build/client",
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(
    "/uploads/*",
    serveStatic({
      root: path.relative(process.cwd(), path.resolve(cfg.DATA_DIR)),
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );
  app.use("*", compress());
  app.use(
    "*",
    serveStatic({
      root: "build/client",
      onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600"),
    }),
  );

  app.use("*", sameOrigin);
  // Resumable uploads (tus), after the same-origin check like every other write.
  app.all(UPLOADS_PATH, (c) => handleUpload(c.req.raw));
  app.all(`${UPLOADS_PATH}/*`, (c) => handleUpload(c.req.raw));
  app.use("/api/auth/*", authJsonBody);
  app.on(["GET", "POST"], "/api/auth/*", (c) => auth().handler(c.req.raw));

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    const values: RequestContext = { nonce: c.get("nonce"), requestId: c.get("requestId") };
    context.set(requestContext, values);
    const response = await handleRequest(c.req.raw, context);
    for (const cookie of values.setCookies ?? []) response.headers.append("Set-Cookie", cookie);
    // A page whose loader or action lost the database (handleError marks it) is "try again
    // shortly", not a server fault: the error screen is the same, the status says so.
    return values.databaseUnavailable && response.status >= 500 ? unavailable(response) : response;
  });

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, reqId: c.get("requestId") }, "database unavailable");
      return c.text("The service is briefly unavailable. Please try again in a moment.", 503, {
        "Retry-After": RETRY_AFTER_SECONDS,
      });
    }
    logger.error({ err: error, reqId: c.get("requestId") }, "unhandled error");
    return c.text("A server error occurred", 500);
  });
  return app;
}

/**
 * What a stop does once no request is open: background work of the last requests finishes, the
 * analytics buffer is written, the job workers stop (a running job finishes; queued ones wait in
 * the database for the next start), then the realtime hub and the database close.
 */
export async function releaseAfterDrain(parts: {
  hub: { close(): Promise<void> };
  database: { close(): Promise<void> };
}): Promise<void> {
  // Reset e-mails queued by the last requests still go out (app/lib/background.server.ts).
  await backgroundIdle();
  // Page views and activity waiting in the analytics buffer are written before the database closes.
  await flushAnalytics().catch((error) =>
    logger.error({ err: error }, "writing the analytics buffer failed"),
  );
  await stopJobs().catch((error) =>
    logger.error({ err: error }, "stopping the job workers failed"),
  );
  await parts.hub
    .close()
    .catch((error) => logger.error({ err: error }, "closing the realtime hub failed"));
  await parts.database
    .close()
    .catch((error) => logger.error({ err: error }, "closing the database failed"));
}

/**
 * Starts the process: validates configuration, opens and migrates the database, seeds demo
 * content on an empty database, serves HTTP, and drains open requests on SIGTERM/SIGINT.
 */
export async function startServer(): Promise<void> {
  let cfg;
  try {
    cfg = config();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Sanctuary cannot start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let opened;
  try {
    opened = await openConfiguredDatabase(cfg);
  } catch (error) {
    console.error(`Sanctuary cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
  const hub = new RealtimeHub(logger);
  await hub.listen(opened.database);
  useRealtimeHub(hub);
  hub.observe((event) => {
    if (event.type === "counts") forgetCommunityCounts();
  });
  // Domain events' subscribers (notifications, reputation, counts, billing e-mails) and tasks
  // (e-mail delivery, reminders, the billing sweep on its cron) run here, off the requests,
  // unless WORKERS=0 leaves them to `npm run worker`. Started before the first accounts are
  // seeded, since creating one emits `member.joined`, and after the hub its subscribers publish to.
  await startJobs(opened.database, {
    work: cfg.WORKERS === "1",
    onError: (error) => logger.error({ err: error }, "job queue error"),
  });
  const created = await seedIfEmpty({ demo: cfg.SEED_DEMO });
  // Events stored before their occurrences were (or whose window ran out while the site was
  // down) get them before the first list is served; the hourly task keeps them current after.
  await extendOccurrences();
  if (created) {
    console.log(
      [
        "",
        "  First start: an administrator account was created. This is shown only once.",
        `    e-mail:   ${created.email}`,
        `    password: ${created.password}`,
        "",
      ].join("\n"),
    );
  }

  const app = createApp();
  const server = serve({ fetch: app.fetch, port: cfg.PORT, hostname: cfg.HOST }, (info) => {
    logger.info(
      { port: info.port, database: opened.database.kind },
      `Sanctuary is listening on ${publicUrl()}`,
    );
  }) as Server;
  const drainer = drainable(server);

  let stopping = false;
  /**
   * Stops the process: no new connections, requests in flight answered (with `Connection: close`)
   * and their connections closed, then the job workers (a running job finishes), the realtime hub
   * and the database, then exit. Requests still open after DRAIN_MS are cut and the exit code is 1.
   */
  const stop = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "draining open requests");
    const forceExit = setTimeout(() => {
      logger.warn(`requests still open after ${DRAIN_MS / 1000} s; closing anyway`);
      server.closeAllConnections();
      process.exit(1);
    }, DRAIN_MS);
    forceExit.unref();
    // Event streams never end by themselves; closing them lets the server drain.
    closeAllEventStreams();
    void drainer.drain().then(async () => {
      await releaseAfterDrain({ hub, database: opened });
      logger.info("stopped");
      process.exit(exitCode);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  applyProcessFaultPolicy(logger, (exitCode) => stop("uncaught exception", exitCode));
}
