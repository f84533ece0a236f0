import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "#app/lib/config.server";

/** AUTH_SECRET, or one generated on first start and kept under DATA_DIR so sessions survive restarts. */
export function authSecret(): string {
  const { AUTH_SECRET, DATA_DIR } = config();
  if (AUTH_SECRET) return AUTH_SECRET;
  const file = path.resolve(DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
