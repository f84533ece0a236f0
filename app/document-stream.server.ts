import { Writable } from "node:stream";

export interface DocumentStream {
  /** Where React pipes the document. */
  writable: Writable;
  /** The response body. */
  readable: ReadableStream<Uint8Array>;
}

/**
 * React writes a document in many small pieces, most of them within one turn of the event loop;
 * sending each through the web stream and its own system call cost more than rendering the page
 * (writev led the server's CPU profile). Pieces written in the same turn go out as one chunk at the
 * end of it, so a page rendered at once leaves in one piece, while content React streams later
 * (a slow Suspense boundary) still leaves as soon as it is written. `onEnd` runs when React has
 * finished writing.
 */
export function documentStream(onEnd: () => void): DocumentStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let pending: Buffer[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  let cancelled = false;

  const flush = () => {
    scheduled = undefined;
    if (pending.length === 0 || cancelled) return;
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    controller.enqueue(chunk);
  };

  const readable = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      // The visitor went away: drop what is left; React's own timeout aborts the render.
      cancelled = true;
      pending = [];
    },
  });

  const writable = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      if (!cancelled) {
        pending.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        scheduled ??= setImmediate(flush);
      }
      callback();
    },
    final(callback) {
      if (scheduled) clearImmediate(scheduled);
      flush();
      if (!cancelled) controller.close();
      onEnd();
      callback();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      if (!cancelled && error) controller.error(error);
      callback(error);
    },
  });

  return { writable, readable };
}
