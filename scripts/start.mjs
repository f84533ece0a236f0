// `npm start`: checks that this Node.js is new enough, then hands over to ./serve.mjs (which
// builds on the first run and starts the server).
//
// On an older Node.js the only thing printed must be one sentence saying what to do, never a
// stack from deep inside the server. So this file is written for any Node.js that runs ES
// modules (no syntax newer than dynamic import(), no `node:` specifiers) and loads the server
// only once the version is known to be good.
import fs from "fs";

var engines =
  JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines || {};
var required = Number(
  String(engines.node || "24")
    .replace(/[^0-9.]/g, "")
    .split(".")[0],
);
var current = Number(process.versions.node.split(".")[0]);

if (current < required) {
  console.error(
    "Sanctuary needs Node.js " +
      required +
      " or newer and this is Node.js " +
      process.versions.node +
      ": install it with `npm i -g --prefix ~/.local/node" +
      required +
      " node@" +
      required +
      "`, put ~/.local/node" +
      required +
      "/bin first on PATH and run the command again (README.md, Requirements).",
  );
  process.exit(1);
}

import("./serve.mjs");
