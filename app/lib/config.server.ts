import { z } from "zod";

/**
 * Process configuration, read once from the environment and validated so that a bad value stops
 * start-up with one human sentence instead of a stack trace deep inside a driver.
 */
const postgresUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === "postgres:" || url.protocol === "postgresql:") && url.hostname !== "";
  } catch {
    return false;
  }
}, "must look like postgres://user@host:5432/database");

const optionalUrl = z.url({ message: "must be a full URL such as https://example.com" }).optional();

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Sanctuary <no-reply@sanctuary.local>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Stripe bills memberships when set; without it the built-in test-card provider does. */
  STRIPE_SECRET_KEY: z.string().startsWith("sk_", "must start with sk_").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "must start with whsec_").optional(),
  /** Another Stripe API address (a local stripe-mock, or the test suite's fake server). */
  STRIPE_API_URL: optionalUrl,
  /**
   * Searches one client address may make per minute (the search page and the header dropdown).
   * Raise it when many members share one address (a school, a corporate proxy).
   */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  /**
   * Page-view reports and heartbeats (POST /api/analytics) one client address may send per
   * minute: a tab beats twice a minute, so 240 leaves room for many people behind one address.
   */
  ANALYTICS_RATE_LIMIT: z.coerce.number().int().min(1).default(240),
  /**
   * "off": the site records no page views, crawler visits or presence (for owners who want no
   * analytics at all); the admin screens keep showing what was recorded before.
   */
  ANALYTICS: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  /**
   * Multiplies the per-address limits of sign-in, sign-up and password reset, for communities
   * whose members share one address (a school, a corporate proxy). Per-account limits stay.
   */
  AUTH_ADDRESS_LIMIT_FACTOR: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * "0": the web process runs no job workers, because `npm run worker` processes do (PostgreSQL
   * only: embedded PGlite is opened by one process).
   */
  WORKERS: z.enum(["0", "1"]).default("1"),
  /** The largest file one resumable upload (/api/uploads) may carry, in bytes (default 2 GB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024, "must be at least 1048576 (1 MB)")
    .default(2 * 1024 * 1024 * 1024),
  /**
   * Uploaded media (videos, lesson files) go to an S3-compatible bucket when S3_ENDPOINT is set
   * (then S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too); otherwise to
   * DATA_DIR/media.
   */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /**
   * The AI guide answers through this OpenAI-compatible endpoint (OpenAI, Ollama, vLLM,
   * llama.cpp server) when set, e.g. https://api.openai.com/v1; otherwise the built-in retrieval
   * guide answers by quoting the site's own pages.
   */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Seeds demo members, categories and pages on the first start of an empty database. */
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const [issue] = result.error.issues;
    const key = String(issue?.path[0] ?? "configuration");
    throw new ConfigError(`Invalid ${key}: ${issue?.message ?? result.error.message}.`);
  }
  if (result.data.WORKERS === "0" && !result.data.DATABASE_URL) {
    throw new ConfigError(
      "Invalid WORKERS: 0 needs DATABASE_URL, since separate workers share a PostgreSQL database.",
    );
  }
  if (result.data.S3_ENDPOINT) {
    for (const key of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!result.data[key])
        throw new ConfigError(`Invalid ${key}: S3_ENDPOINT is set, so ${key} is needed too.`);
    }
  }
  return result.data;
}

let current: Config | undefined;

/** The validated configuration of this process (parsed from process.env on first use). */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

export function publicUrl(): string {
  const c = config();
  return (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
}
