import type { EventEmitter } from "node:events";
import { isDatabaseUnavailable } from "#app/db/errors";

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
};

/**
 * What the process does with an error nobody handled (docs/decisions/011):
 *
 * - A lost or refused database connection, thrown or rejected: logged as a warning, and the
 *   process keeps serving. node-postgres reports these from socket callbacks after it has marked
 *   the connection unusable; the server rolled back whatever that connection had open, and the
 *   pool and the LISTEN connection reconnect on their own. Nothing of ours is half-done.
 * - Any other unhandled rejection: logged as an error, and the process keeps serving. By the time
 *   a promise rejects, its async function has unwound through its `finally` blocks; what is
 *   missing is only someone to look at the error. Crashing would turn every forgotten `await`
 *   into a way to take the whole site down.
 * - Any other uncaught exception: logged as fatal, then `stop(1)`: the server stops accepting,
 *   drains the requests in flight and exits 1 for the supervisor to restart it. Such an error
 *   was thrown synchronously out of a callback, possibly half-way through changing shared state
 *   (a library's stream or emitter), and Node does not promise that resuming is safe.
 */
export function applyProcessFaultPolicy(
  log: Log,
  stop: (exitCode: number) => void,
  target: EventEmitter = process,
): void {
  target.on("unhandledRejection", (reason: unknown) => {
    if (isDatabaseUnavailable(reason))
      log.warn({ err: reason }, "unhandled rejection: database unavailable; still serving");
    else log.error({ err: reason }, "unhandled rejection; still serving");
  });
  target.on("uncaughtException", (error: Error) => {
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error }, "uncaught exception: database unavailable; still serving");
      return;
    }
    log.fatal({ err: error }, "uncaught exception; stopping");
    stop(1);
  });
}
