import { startTcpProxy } from "../../tests/helpers/tcp-proxy";

/**
 * A TCP proxy in front of PostgreSQL that counts the SQL statements going through it, read from
 * the wire protocol: one per simple Query ('Q') and one per extended-protocol Execute ('E')
 * message (node-postgres sends Parse/Bind/Describe/Execute/Sync for every parameterised query).
 *
 * Counting on the wire needs no change to the app and no server extension (pg_stat_statements
 * must be preloaded, which a shared server may not do), and it is exact and immediate, unlike
 * pg_stat_database's counters, which backends flush only every second or so.
 */
export interface QueryCounter {
  /** The connection string to give the app: the same database, through the proxy. */
  url: string;
  /** Statements counted since the proxy started. */
  readonly count: number;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

export async function startQueryCounter(databaseUrl: string): Promise<QueryCounter> {
  let count = 0;
  const proxy = await startTcpProxy(databaseUrl, {
    onClientData: () =>
      frontendParser((type) => {
        if (type === 0x51 /* Q */ || type === 0x45 /* E */) count += 1;
      }),
  });
  return {
    url: proxy.url,
    get count() {
      return count;
    },
    close: () => proxy.close(),
  };
}

/**
 * Splits the client → server byte stream into messages and reports each message type. The first
 * message (and any after an SSL/GSS request the server refused) has no type byte:
 * length (4) + protocol code (4) + parameters.
 */
function frontendParser(onMessage: (type: number) => void): (chunk: Buffer) => void {
  let buffered: Buffer = Buffer.alloc(0);
  let startup = true;
  return (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (;;) {
      if (startup) {
        if (buffered.length < 8) return;
        const length = buffered.readUInt32BE(0);
        if (buffered.length < length) return;
        const code = buffered.readUInt32BE(4);
        startup = code === SSL_REQUEST || code === GSSENC_REQUEST;
        buffered = buffered.subarray(length);
        continue;
      }
      if (buffered.length < 5) return;
      const length = buffered.readUInt32BE(1);
      if (buffered.length < 1 + length) return;
      onMessage(buffered.readUInt8(0));
      buffered = buffered.subarray(1 + length);
    }
  };
}
