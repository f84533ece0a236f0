import { startChild, waitUntilReady, type Child } from "./child";
import { freePort } from "./ports";

/** The machine's ceiling: the smallest possible `node:http` server, in its own process like the app. */
const SOURCE = `require("node:http").createServer((req, res) => { res.setHeader("content-type", "text/plain"); res.end("hello"); }).listen(Number(process.env.PORT), "127.0.0.1");`;

export async function startHelloServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: Child = startChild(process.execPath, ["-e", SOURCE], {
    env: { ...process.env, PORT: String(port) },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, baseUrl, 10_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { baseUrl, stop: () => child.stop() };
}
