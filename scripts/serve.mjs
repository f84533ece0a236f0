// The server half of `npm start` (scripts/start.mjs checks the Node.js version first): builds the
// production bundle when none exists yet, then starts the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const entry = "build/server/index.js";
// SANCTUARY_NO_BUILD=true: never build here (a deployment that ships its build, or a check that
// must not spend a minute building); without a build, say so in one sentence.
if (!existsSync(entry) && process.env.SANCTUARY_NO_BUILD === "true") {
  console.error(
    "Sanctuary cannot start. There is no production build in build/: run `npm run build` first.",
  );
  process.exit(1);
}
if (!existsSync(entry) || process.env.SANCTUARY_REBUILD === "true") {
  console.log("No production build found: building (this takes a minute the first time)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
const { startServer } = await import(`../${entry}`);
await startServer();
