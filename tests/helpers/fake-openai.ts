import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking OpenAI's `POST /v1/chat/completions` with `stream: true`, so the
 * real openai SDK can be pointed at it (`baseURL`) in tests. `mode` decides how it answers:
 * `normal` streams `reply` in pieces as server-sent events ended by `data: [DONE]`; `error`
 * answers 500; `slow` waits `delayMs` before the first piece.
 */
export interface FakeOpenAI {
  /** The base address to give the SDK (ends in /v1). */
  url: string;
  mode: "normal" | "error" | "slow";
  reply: string;
  delayMs: number;
  /** The request bodies received, parsed. */
  requests: Array<{
    model: string;
    stream: boolean;
    messages: Array<{ role: string; content: string }>;
  }>;
  close(): Promise<void>;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const fake: Omit<FakeOpenAI, "url" | "close"> = {
    mode: "normal",
    reply: "The full moon ritual is described in the help center [1].",
    delayMs: 1_000,
    requests: [],
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
        response.writeHead(404, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      fake.requests.push(
        JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeOpenAI["requests"][number],
      );
      if (fake.mode === "error") {
        response.writeHead(500, { "Content-Type": "application/json" });
        response.end(
          JSON.stringify({ error: { message: "The model is down", type: "server_error" } }),
        );
        return;
      }
      response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      const chunk = (delta: Record<string, string>, finish: string | null = null) =>
        `data: ${JSON.stringify({
          id: "chatcmpl-fake",
          object: "chat.completion.chunk",
          created: Math.floor(Date.now() / 1000),
          model: "fake-model",
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      const send = () => {
        if (response.destroyed) return;
        response.write(chunk({ role: "assistant", content: "" }));
        for (const piece of fake.reply.match(/.{1,10}/gs) ?? [])
          response.write(chunk({ content: piece }));
        response.write(chunk({}, "stop"));
        response.end("data: [DONE]\n\n");
      };
      if (fake.mode === "slow") {
        const timer = setTimeout(send, fake.delayMs);
        response.on("close", () => clearTimeout(timer));
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeOpenAI;
}
