// Starts the production build for the Playwright suite on a fresh embedded database, with the
// accounts the specs sign in as (created through the real command-line tool).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export const E2E_ACCOUNTS = {
  admin: {
    email: "admin@e2e.test",
    password: "admin-password-1",
    name: "Ada Admin",
    role: "admin",
  },
  premium: {
    email: "premium@e2e.test",
    password: "premium-password-1",
    name: "Perry Premium",
    tier: "full",
  },
  member: { email: "member@e2e.test", password: "member-password-1", name: "Mona Member" },
};

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "sanctuary-e2e-"));
const port = process.env.E2E_PORT ?? "3100";
if (!process.env.E2E_DATA_DIR)
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
// E-mail is delivered over SMTP to a local server that drops each message into E2E_MAIL_DIR
// (set by playwright.config.ts), where a spec reads it as the member's mailbox.
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(dataDir, "mail");
mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const recipients = session.envelope.rcptTo.map((r) => r.address).join(",");
      writeFileSync(
        path.join(mailDir, `${Date.now()}-${++mailCount}.eml`),
        `X-Recipients: ${recipients}\r\n${Buffer.concat(chunks).toString("utf8")}`,
      );
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

Object.assign(process.env, {
  SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  SEED_DEMO: "true",
  NODE_ENV: "production",
  // Every spec signs in and up from 127.0.0.1: one address standing for a whole community.
  AUTH_ADDRESS_LIMIT_FACTOR: "100",
});

for (const account of Object.values(E2E_ACCOUNTS)) {
  const args = [
    "tsx",
    "server/cli.ts",
    "user:create",
    "--email",
    account.email,
    "--password",
    account.password,
    "--name",
    account.name,
  ];
  if (account.role) args.push("--role", account.role);
  if (account.tier) args.push("--tier", account.tier);
  const result = spawnSync("npx", args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A discussion with three pages of comments (tests/e2e/thread-paging.spec.ts), with the demo
// community it is written in; the server then finds both there and seeds nothing more.
const seeded = spawnSync("npx", ["tsx", "tests/e2e/seed-long-thread.ts"], {
  stdio: "inherit",
  env: process.env,
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const { startServer } = await import("../build/server/index.js");
await startServer();
