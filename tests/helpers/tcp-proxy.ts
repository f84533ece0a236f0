import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy in front of PostgreSQL on a fixed local port. `interrupt()` drops every connection
 * and refuses new ones, as a PostgreSQL restart does, until `resume()`; the server behind it is
 * shared and is never touched. `onClientData` sees the client → server bytes (e.g. to count
 * statements).
 */
export interface TcpProxy {
  /** `databaseUrl` with host and port replaced by the proxy's (TLS off: the proxy reads plain text). */
  url: string;
  port: number;
  /** Connections passing through right now. */
  readonly open: number;
  /** Drops every connection and stops listening: clients get ECONNRESET, then ECONNREFUSED. */
  interrupt(): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  databaseUrl: string,
  options: { onClientData?: () => (chunk: Buffer) => void } = {},
): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const host = target.hostname;
  const targetPort = Number(target.port || 5432);
  const pairs = new Set<() => void>();
  let server: Server | undefined;

  const accept = (client: Socket) => {
    const upstream = connect(targetPort, host);
    const onData = options.onClientData?.();
    const forget = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(forget);
    };
    pairs.add(forget);
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    upstream.pipe(client);
    client.on("data", (chunk: Buffer) => {
      onData?.(chunk);
      upstream.write(chunk);
    });
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer(accept);
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        server = next;
        const address = next.address();
        if (!address || typeof address !== "object") reject(new Error("The proxy has no port."));
        else resolve(address.port);
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      for (const forget of [...pairs]) forget();
      if (!current) resolve();
      else current.close(() => resolve());
    });

  const port = await listen(0);
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  url.searchParams.set("sslmode", "disable");
  return {
    url: url.toString(),
    port,
    get open() {
      return pairs.size;
    },
    interrupt: stopListening,
    resume: async () => {
      if (!server) await listen(port);
    },
    close: stopListening,
  };
}
