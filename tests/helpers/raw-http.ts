import { connect, type Socket } from "node:net";

/**
 * One HTTP/1.1 connection driven by hand, for what fetch hides: keep-alive reuse, a request whose
 * body is sent in parts, `Expect: 100-continue`, and seeing the server close the connection.
 */
export interface RawConnection {
  socket: Socket;
  /** Sends bytes as they are. */
  write(text: string): void;
  /** The next interim (1xx) or complete (Content-Length) response, as text. */
  response(): Promise<string>;
  /** Resolves when the connection is closed (by either side). */
  closed: Promise<void>;
}

export async function openConnection(port: number, host = "127.0.0.1"): Promise<RawConnection> {
  const socket = connect(port, host);
  await new Promise<void>((resolve, reject) =>
    socket.once("connect", resolve).once("error", reject),
  );
  let buffer = "";
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("data", (chunk) => (buffer += chunk.toString("latin1")));
  socket.on("error", () => {});
  return {
    socket,
    write: (text) => socket.write(text),
    closed,
    response: async () => {
      for (;;) {
        const end = wholeResponse(buffer);
        if (end > 0) {
          const text = buffer.slice(0, end);
          buffer = buffer.slice(end);
          return text;
        }
        if (socket.destroyed || socket.readableEnded)
          throw new Error(
            `the connection closed before a whole response: ${JSON.stringify(buffer)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
  };
}

/** Where the first response in `buffer` ends, or 0 while it is incomplete. */
function wholeResponse(buffer: string): number {
  const headEnd = buffer.indexOf("\r\n\r\n");
  if (headEnd < 0) return 0;
  const head = buffer.slice(0, headEnd);
  if (/^HTTP\/1\.[01] 1\d\d/.test(head)) return headEnd + 4;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  const end = headEnd + 4 + (length ? Number(length[1]) : 0);
  return buffer.length >= end ? end : 0;
}

/** Whether a new TCP connection to the port is accepted or refused (the error code). */
export function tryConnect(port: number, host = "127.0.0.1"): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve("accepted");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}
