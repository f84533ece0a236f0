import { randomUUID } from "node:crypto";
import path from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { RouterContextProvider, createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { requestContext } from "#app/context";
import { database } from "#app/db/client.server";
import { auth } from "#app/modules/auth/auth.server";
import { getViewer } from "#app/modules/auth/viewer.server";
import { RealtimeHub, realtimeHub, useRealtimeHub } from "#app/modules/realtime/hub.server";
import { forgetCommunityCounts } from "#app/modules/shell/shell.server";
import { CLIENT_IP_HEADER } from "#app/modules/auth/rate-limit.server";
import { seedIfEmpty } from "#app/db/seed.server";
import { authEndpointLimits } from "./auth-limits";
import { ConfigError, config, publicUrl } from "./config";
import { openConfiguredDatabase } from "./database";
import { closeAllEventStreams, eventStream } from "./event-stream";
import { scheduleBillingSweep } from "./billing-sweep";
import { bodyLimit } from "./body-limit";
import { cacheControl } from "./cache-control";
import { headAsGet } from "./head";
import { logger } from "./logger";
import { authJsonBody, wellFormedAddress } from "./request-guards";
import { newNonce, sameOriginWrites, securityHeaders } from "./security";

type Env = { Bindings: HttpBindings; Variables: { requestId: string; nonce: string } };

/** The HTTP application: health checks, static files, auth API, then the React Router pages. */
export function createApp(): Hono<Env> {
  const cfg = config();
  const secure = publicUrl().startsWith("https://");
  const handleRequest = createRequestHandler(build, cfg.NODE_ENV === "development" ? "development" : "production");
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
    logger.info(
      {
        reqId: requestId,
        method,
        path: c.req.path,
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
  // Before anything reads a body (the auth limits read the e-mail of a sign-in).
  app.use(bodyLimit);

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database().ping();
      return c.json({ status: "ready" });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // Before compression: a compressed event stream would be held back in the compressor's buffer.
  app.get("/api/events", async (c) => {
    const hub = realtimeHub();
    if (!hub) return c.text("Realtime events are not available", 503);
    const viewer = await getViewer(c.req.raw);
    return eventStream(hub, { userId: viewer?.user.id ?? null, isAdmin: viewer?.isAdmin ?? false }, c.req.raw.signal);
  });

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
  app.use("*", serveStatic({ root: "build/client", onFound: (_p, c) => c.header("Cache-Control", "public, max-age=3600") }));

  app.use("*", sameOriginWrites(() => [new URL(publicUrl()).origin]));
  app.use("/api/auth/*", authJsonBody);
  app.use("/api/auth/*", authEndpointLimits);
  app.on(["GET", "POST"], "/api/auth/*", (c) => auth().handler(c.req.raw));

  app.all("*", (c) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { nonce: c.get("nonce"), requestId: c.get("requestId") });
    return handleRequest(c.req.raw, context);
  });

  app.onError((error, c) => {
    logger.error({ err: error, reqId: c.get("requestId") }, "unhandled error");
    return c.text("A server error occurred", 500);
  });
  return app;
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
  const created = await seedIfEmpty({ demo: cfg.SEED_DEMO });
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

  const hub = new RealtimeHub(logger);
  await hub.listen(opened.database);
  useRealtimeHub(hub);
  hub.observe((event) => {
    if (event.type === "counts") forgetCommunityCounts();
  });
  const stopBillingSweep = scheduleBillingSweep();

  const app = createApp();
  const server = serve({ fetch: app.fetch, port: cfg.PORT, hostname: cfg.HOST }, (info) => {
    logger.info({ port: info.port, database: opened.database.kind }, `Sanctuary is listening on ${publicUrl()}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "draining open requests");
    const forceExit = setTimeout(() => {
      logger.warn("requests still open after 10 s; closing anyway");
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    // Event streams never end by themselves; closing them lets the server drain.
    closeAllEventStreams();
    stopBillingSweep();
    server.close(async () => {
      await hub.close().catch((error) => logger.error({ err: error }, "closing the realtime hub failed"));
      await opened.close().catch((error) => logger.error({ err: error }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
