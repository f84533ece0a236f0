import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `npm start`'s script with Node.js pretending to be another version (nothing else changes). */
function startAs(version: string) {
  const pretend = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:${JSON.stringify(version)}})`;
  return spawnSync(process.execPath, ["--import", pretend, "scripts/start.mjs"], {
    encoding: "utf8",
    timeout: 30_000,
    // A port that cannot be bound: should the check let an old version through, start-up fails.
    // Never a build inside the test: with no build yet the server half says so and stops.
    env: { ...process.env, PORT: "not-a-port", SANCTUARY_NO_BUILD: "true" },
  });
}

describe("npm start on an older Node.js", () => {
  it.each(["18.20.8", "20.20.2", "22.11.0"])(
    "Node.js %s gets one sentence saying what to install, not a stack",
    (version) => {
      const result = startAs(version);
      expect(result.status).toBe(1);
      expect(result.stdout).toBe("");
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `Sanctuary needs Node.js 24 or newer and this is Node.js ${version}: install it with \`npm i -g --prefix ~/.local/node24 node@24\`, ` +
          "put ~/.local/node24/bin first on PATH and run the command again (README.md, Requirements).",
      );
    },
  );

  it("lets Node.js 24 through to the server", () => {
    const result = startAs("24.0.0");
    // The server half answers (its configuration check, or that there is no build yet), so the
    // version check passed.
    expect(result.stderr).toContain("Sanctuary cannot start.");
    expect(result.stderr).not.toContain("needs Node.js");
  });
});
