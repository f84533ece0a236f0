import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const CI = Boolean(process.env.CI);
/** The port of scripts/e2e-server.mjs; another one lets two suites run side by side. */
const PORT = process.env.E2E_PORT ?? "3100";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/**
 * Where the e2e server's SMTP server drops e-mails; the server and the workers inherit it, and
 * the process that made it (the runner, which loads this file first) removes it at exit.
 */
if (!process.env.E2E_MAIL_DIR) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "sanctuary-e2e-mail-"));
  process.env.E2E_MAIL_DIR = mailDir;
  process.on("exit", () => rmSync(mailDir, { recursive: true, force: true }));
}

// End-to-end suite against the production build (`npm run build` first), started on a fresh
// embedded database by scripts/e2e-server.mjs. Uses Debian's Chromium, not a downloaded browser.
export default defineConfig({
  testDir: "tests/e2e",
  // Per port: suites running side by side (the shards of `npm test`) keep their own artifacts.
  outputDir: PORT === "3100" ? "test-results/e2e" : `test-results/e2e-${PORT}`,
  // One worker per server on CI: with two, a spec's sign-ups raise live "new member" toasts on
  // another spec's admin page, over the control it is about to click. `npm test` runs two shards
  // side by side instead, each with its own server (scripts/test-all.sh).
  workers: CI ? 1 : 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: "list",
  // A shared 2-core machine may be busy with other work: a page that arrives in 7 s instead of 1 s
  // is slow, not broken. Assertions wait up to 10 s (5 s by default).
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      // Specs that change site-wide settings run afterwards, on their own (the project below).
      testIgnore: /site-wide\//,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: CHROMIUM_ARGS,
        },
      },
    },
    // Settings every visitor sees (members-only reading, the comparison table): after the others,
    // so no other spec meets them changed. To run one of these alone: `--no-deps`.
    {
      name: "site-wide",
      testMatch: /site-wide\/.*\.spec\.ts/,
      dependencies: ["chromium"],
      fullyParallel: false,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
  },
});
