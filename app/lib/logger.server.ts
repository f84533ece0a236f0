import pino from "pino";
import { redactSecrets } from "#app/lib/secrets";

/** A database error quotes its statement's parameters (session and reset tokens, e-mails …). */
const QUERY_PARAMETERS = /^(\s*params: ).*$/gm;

/** A log line's text without secrets: no query parameters, no token-bearing link. */
export function redactLogText(text: string): string {
  return redactSecrets(text.replace(QUERY_PARAMETERS, "$1[redacted]"));
}

/** pino's error serializer, without what redactLogText removes and without a `params` field. */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== "object") return serialized;
  const safe: Record<string, unknown> = { ...serialized };
  for (const field of ["message", "stack"])
    if (typeof safe[field] === "string") safe[field] = redactLogText(safe[field] as string);
  if ("params" in safe) safe.params = "[redacted]";
  return safe;
}

/**
 * The process logger: one JSON line per event. Known secret fields are redacted wherever they
 * appear, and errors lose their query parameters and token-bearing links, so a password or
 * token never reaches the log even by accident.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  serializers: { err: serializeError },
  redact: {
    paths: [
      "password",
      "*.password",
      "newPassword",
      "*.newPassword",
      "token",
      "*.token",
      "headers.cookie",
      "*.headers.cookie",
      "headers.authorization",
    ],
    censor: "[redacted]",
  },
});

/**
 * better-auth's log lines, through this logger (its own prints errors to the console as they
 * are, query parameters and all).
 */
export const betterAuthLogger = {
  level: "warn" as const,
  log(level: "info" | "warn" | "error" | "debug", message: string, ...args: unknown[]): void {
    const err = args.find((arg) => arg instanceof Error);
    const details = args
      .filter((arg) => arg !== err)
      .map((arg) => (typeof arg === "string" ? redactLogText(arg) : arg));
    logger[level](
      { ...(err ? { err } : {}), ...(details.length ? { details } : {}) },
      redactLogText(message),
    );
  },
};

/** A request path for the log: better-auth's reset callback path carries a token. */
export function loggedPath(path: string): string {
  return redactSecrets(path);
}
