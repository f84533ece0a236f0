/**
 * Whether an error means "the database cannot be reached right now" rather than "this statement
 * is wrong": a dropped or refused connection, a server shutting down or restarting, a pool that
 * could not get a connection in time. Such a fault is the database's, not the request's: pages
 * answer 503 (try again shortly), /readyz reports unready, and the process keeps running while
 * the pool and the realtime LISTEN connection reconnect (docs/decisions/011).
 *
 * Drizzle wraps driver errors (`DrizzleQueryError`), so the whole `cause` chain is examined.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of causeChain(error)) {
    const { code, message, errors } = current as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
    };
    if (
      typeof code === "string" &&
      (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"))
    )
      return true;
    if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    // Connecting to a host name with several addresses fails with one error per address.
    if (
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((inner) => isDatabaseUnavailable(inner))
    )
      return true;
  }
  return false;
}

/** Node socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not accepting yet (class 08, connection
 * exception, is matched by prefix): admin_shutdown (pg_terminate_backend, a fast shutdown),
 * crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and pg-pool say these without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Connection timeout/i,
];

/** Whether the statement was cancelled by `statement_timeout` (SQLSTATE 57014, query_canceled). */
export function isStatementTimeout(error: unknown): boolean {
  for (const current of causeChain(error))
    if ((current as { code?: unknown }).code === "57014") return true;
  return false;
}

/** The error and each `cause` under it (Drizzle wraps the driver's error), each once. */
function* causeChain(error: unknown): Generator<object> {
  const seen = new Set<unknown>();
  for (
    let current = error;
    current && typeof current === "object" && !seen.has(current);
    current = (current as { cause?: unknown }).cause
  ) {
    seen.add(current);
    yield current;
  }
}
