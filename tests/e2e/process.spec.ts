import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startAppServer } from "../../scripts/bench/app-server";
import { openConnection, tryConnect } from "../helpers/raw-http";

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
  expect(result.stderr.trim()).toBe(
    "Sanctuary cannot start. Invalid DATABASE_URL: must look like postgres://user@host:5432/database.",
  );
});

test("the CLI refuses a data folder the server holds, and SIGTERM stops the server cleanly", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "sanctuary-process-"));
  try {
    const server = spawn("node", ["scripts/start.mjs"], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT,
        HOST: "127.0.0.1",
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout.on("data", (chunk) => (output += chunk));
    server.stderr.on("data", (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 60_000 }).toContain("listening");
    expect(output).toContain("First start: an administrator account was created.");

    const cli = spawnSync(
      "npx",
      ["tsx", "server/cli.ts", "user:set", "--email", "admin@sanctuary.local", "--tier", "full"],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain("is running and holds the data folder");

    const exited = new Promise<number | null>((resolve) =>
      server.on("exit", (code) => resolve(code)),
    );
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("draining open requests");
    expect(existsSync(path.join(dataDir, "sanctuary.lock"))).toBe(false);

    // With the server stopped, the CLI opens the same folder and the data is still there.
    const after = spawnSync(
      "npx",
      ["tsx", "server/cli.ts", "user:set", "--email", "admin@sanctuary.local", "--tier", "full"],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 60_000,
      },
    );
    expect(after.stdout).toContain("Updated admin@sanctuary.local.");
    expect(after.status).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("SIGTERM: the request in flight is answered with Connection: close, keep-alive connections close, exit 0 within the drain time", async () => {
  test.setTimeout(120_000);
  const server = await startAppServer(undefined, { LOG_LEVEL: "info" });
  try {
    const port = Number(new URL(server.baseUrl).port);
    const idle = await openConnection(port);
    idle.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(await idle.response()).toMatch(/^HTTP\/1.1 200[\s\S]*connection: keep-alive/i);

    // A request the server is handling: its headers are in (the interim 100 Continue says so),
    // its body is not.
    const body = "locale=de";
    const busy = await openConnection(port);
    busy.write(
      `POST /api/locale HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(await busy.response()).toMatch(/^HTTP\/1.1 100/);

    const signalled = Date.now();
    server.child.process.kill("SIGTERM");
    await expect
      .poll(() => server.child.output(), { timeout: 10_000 })
      .toContain("draining open requests");
    await idle.closed;
    expect(await tryConnect(port)).toBe("ECONNREFUSED");

    busy.write(body);
    const answer = await busy.response();
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('{"locale":"de"}');
    await busy.closed;

    expect(await server.child.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  } finally {
    await server.stop();
  }
});

test("the CLI prints usage and exits 2 on bad arguments", () => {
  const result = spawnSync(
    "npx",
    ["tsx", "server/cli.ts", "user:create", "--email", "not-an-email"],
    { encoding: "utf8", timeout: 60_000 },
  );
  expect(result.status).toBe(2);
  expect(result.stderr).toContain("Usage:");
});
