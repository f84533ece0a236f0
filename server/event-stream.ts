import type { RealtimeHub } from "#app/modules/realtime/index.server";

/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 5_000;
/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

const openStreams = new Set<() => void>();
/** False once the process stops: a stream opened then would hold the drain up until its deadline. */
let accepting = true;

/**
 * `/api/events`: a Server-Sent-Events stream of the realtime events addressed to this viewer
 * (their notifications and messages, admin alerts for admins, sidebar counts for everyone).
 * Each event is one `data:` line of JSON `{ type, data }`.
 */
export function eventStream(
  hub: RealtimeHub,
  viewer: { userId: string | null; isAdmin: boolean },
  signal: AbortSignal,
): Response {
  if (!accepting)
    return new Response("This server is stopping; reconnect to another one.", {
      status: 503,
      headers: { "Retry-After": "5" },
    });
  const encoder = new TextEncoder();
  let close: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close?.();
        }
      };
      const unsubscribe = hub.subscribe({
        userId: viewer.userId,
        isAdmin: viewer.isAdmin,
        send: (event) => write(`data: ${JSON.stringify(event)}\n\n`),
      });
      const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(close!);
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      };
      openStreams.add(close);
      signal.addEventListener("abort", close, { once: true });
      write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
    },
    cancel() {
      close?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      // Tells nginx-style proxies not to buffer the stream.
      "X-Accel-Buffering": "no",
    },
  });
}

/** Ends every open stream and refuses new ones (on shutdown: browsers reconnect to another process). */
export function closeAllEventStreams(): void {
  accepting = false;
  for (const close of [...openStreams]) close();
}
