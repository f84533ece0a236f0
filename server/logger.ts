import pino from "pino";

/**
 * The process logger: one JSON line per event. Known secret fields are redacted wherever they
 * appear, so a password or token never reaches the log even by accident.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
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
