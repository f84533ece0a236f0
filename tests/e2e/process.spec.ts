import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The process itself: configuration errors, the data-folder lock shared with the CLI, and a clean
// stop on SIGTERM. These start their own server on another port and folder.
test.describe.configure({ mode: "serial" });

const PORT = "3197";

test("a bad DATABASE_URL stops start-up with one human line", () => {
  const result = spawnSync("node", ["scripts/start.mjs"], {
    env: { ...process.env, DATABASE_URL: "mysql://nope", PORT },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toBe("Sanctuary cannot start. Invalid DATABASE_URL: must look like postgres://user@host:5432/database.");
});

test("the CLI refuses a data folder the server holds, and SIGTERM stops the server cleanly", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sanctuary-process-"));
  try {
    const server = spawn("node", ["scripts/start.mjs"], {
      env: { ...process.env, DATA_DIR: dataDir, PORT, HOST: "127.0.0.1", SEED_DEMO: "false", LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (chunk) => (output += chunk));
    server.stderr.on("data", (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 60_000 }).toContain("listening");
    expect(output).toContain("First start: an administrator account was created.");

    const cli = spawnSync("npx", ["tsx", "server/cli.ts", "user:set", "--email", "admin@sanctuary.local", "--tier", "full"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain("is running and holds the data folder");

    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("draining open requests");
    expect(existsSync(path.join(dataDir, "sanctuary.lock"))).toBe(false);

    // With the server stopped, the CLI opens the same folder and the data is still there.
    const after = spawnSync("npx", ["tsx", "server/cli.ts", "user:set", "--email", "admin@sanctuary.local", "--tier", "full"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(after.stdout).toContain("Updated admin@sanctuary.local.");
    expect(after.status).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the CLI prints usage and exits 2 on bad arguments", () => {
  const result = spawnSync("npx", ["tsx", "server/cli.ts", "user:create", "--email", "not-an-email"], { encoding: "utf8", timeout: 60_000 });
  expect(result.status).toBe(2);
  expect(result.stderr).toContain("Usage:");
});
