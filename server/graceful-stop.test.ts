import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { openConnection, tryConnect } from "../tests/helpers/raw-http";
import { drainable } from "./graceful-stop";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function listen(created: Server) {
  const drainer = drainable(created);
  await new Promise<void>((resolve) => created.listen(0, "127.0.0.1", resolve));
  server = created;
  return { drainer, port: (created.address() as { port: number }).port };
}

describe("draining on stop", () => {
  it("answers the request in flight with Connection: close, closes idle keep-alive connections, refuses new ones", async () => {
    let arrived!: () => void;
    const inApplication = new Promise<void>((resolve) => (arrived = resolve));
    // Answers once the whole body has arrived.
    const { drainer, port } = await listen(
      createServer((request, response) => {
        if (request.method === "POST") arrived();
        let body = "";
        request.on("data", (chunk) => (body += chunk));
        request.on("end", () => response.end(`${request.method} ${request.url} ${body}`));
      }),
    );
    const idle = await openConnection(port);
    idle.write("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(await idle.response()).toMatch(/connection: keep-alive/i);

    const busy = await openConnection(port);
    busy.write("POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab");
    await inApplication;

    const drained = drainer.drain();
    await idle.closed;
    expect(await tryConnect(port)).toBe("ECONNREFUSED");

    busy.write("cd");
    const answer = await busy.response();
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain("POST /slow abcd");
    await busy.closed;
    await drained;
  });

  it("closes a keep-alive connection whose response had already started when the drain began", async () => {
    let finish!: () => void;
    const { drainer, port } = await listen(
      createServer((_request, response) => {
        response.writeHead(200, { "Content-Length": "4" });
        response.write("ab");
        finish = () => response.end("cd");
      }),
    );
    const client = await openConnection(port);
    client.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    while (!finish) await new Promise((resolve) => setTimeout(resolve, 5));
    const drained = drainer.drain();
    finish();
    expect(await client.response()).toMatch(/keep-alive[\s\S]*abcd$/i);
    await client.closed;
    await drained;
  });
});
