import { describe, expect, it } from "vitest";
import { documentStream } from "./document-stream.server";

async function chunksOf(readable: ReadableStream<Uint8Array>): Promise<string[]> {
  const chunks: string[] = [];
  const reader = readable.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read())
    chunks.push(Buffer.from(next.value).toString());
  return chunks;
}

describe("documentStream", () => {
  it("joins the pieces written in one turn and keeps later ones apart", async () => {
    let ended = false;
    const { writable, readable } = documentStream(() => (ended = true));
    const read = chunksOf(readable);
    writable.write("<html>");
    writable.write(new TextEncoder().encode("<body>"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    writable.write("late");
    writable.end("</html>");
    expect(await read).toEqual(["<html><body>", "late</html>"]);
    expect(ended).toBe(true);
  });

  it("drops what is left once the reader goes away", async () => {
    const { writable, readable } = documentStream(() => undefined);
    await readable.cancel();
    expect(() => writable.write("ignored")).not.toThrow();
    writable.end();
  });
});
