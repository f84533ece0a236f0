import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import type { IncomingMessage } from "node:http";
import https from "node:https";
import { isIP } from "node:net";

/** The image types the proxy passes on. Never SVG: it is a document that can carry script. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export type RemoteImageFailure =
  "badUrl" | "blockedAddress" | "notImage" | "tooLarge" | "unreachable" | "timeout";

export class RemoteImageError extends Error {
  constructor(
    readonly reason: RemoteImageFailure,
    detail: string = reason,
  ) {
    super(detail);
  }
}

export interface RemoteImageOptions {
  /** Whether a resolved address may be contacted (`isPublicAddress` outside the test suite). */
  addressAllowed: (address: string) => boolean;
  /** Whether a port may be contacted (443 only outside the test suite). */
  portAllowed: (port: number) => boolean;
  /** Certificate authorities to trust instead of the system's (the test suite's own server). */
  ca?: string | Buffer;
  maxBytes: number;
  /** For the whole fetch: connecting, every redirect, and the body. */
  timeoutMs: number;
  maxRedirects: number;
}

export interface RemoteImage {
  type: ImageType;
  bytes: Buffer;
}

const ACCEPT = IMAGE_TYPES.join(",");

/** The type the bytes really are, from their signature (the Content-Type header is only a claim). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "image/jpeg";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString("latin1")))
    return "image/gif";
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return "image/webp";
  return null;
}

/**
 * A DNS lookup that refuses a host when any of its addresses is not allowed, and hands the
 * connection exactly the addresses it checked: the check and the connection use one answer, so
 * a host that resolves differently the second time (DNS rebinding) gains nothing.
 */
function guardedLookup(allowed: (address: string) => boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      const [first] = addresses;
      if (!first || addresses.some((a) => !allowed(a.address))) {
        return callback(
          Object.assign(
            new RemoteImageError(
              "blockedAddress",
              `${hostname} resolves to an address that is not allowed`,
            ),
            { code: "EBLOCKEDADDRESS" },
          ),
          [],
        );
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** An address the proxy may request at all: https, no credentials, an allowed port and IP literal. */
function checkedUrl(raw: string, options: RemoteImageOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RemoteImageError("badUrl");
  }
  if (url.protocol !== "https:" || url.username || url.password)
    throw new RemoteImageError("badUrl");
  if (!options.portAllowed(Number(url.port || 443)))
    throw new RemoteImageError("blockedAddress", `port ${url.port} is not allowed`);
  // An address written as an IP is connected to without a lookup, so it is checked here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !options.addressAllowed(host))
    throw new RemoteImageError("blockedAddress", `${host} is not allowed`);
  return url;
}

function get(url: URL, options: RemoteImageOptions, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: "GET",
      headers: { accept: ACCEPT, "user-agent": "Sanctuary-ImageProxy/1" },
      lookup: guardedLookup(options.addressAllowed) as never,
      // A fresh connection per request: a pooled one would skip the guarded lookup.
      agent: false,
      ...(options.ca ? { ca: options.ca } : {}),
      signal,
    });
    request.on("response", resolve);
    request.on("error", reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw new RemoteImageError("tooLarge");
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    total += (chunk as Buffer).length;
    // Counted as it arrives: a missing or false Content-Length changes nothing.
    if (total > maxBytes) throw new RemoteImageError("tooLarge");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches an image for the proxy: https only, each address (and each redirect's) checked before
 * connecting, a time limit for the whole fetch, a size limit counted on the bytes, and only
 * PNG, JPEG, GIF or WebP as both the server's Content-Type and the bytes' own signature say.
 */
export async function fetchRemoteImage(
  raw: string,
  options: RemoteImageOptions,
): Promise<RemoteImage> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkedUrl(raw, options);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await get(url, options, signal);
      const location = response.headers.location;
      if (
        response.statusCode &&
        response.statusCode >= 300 &&
        response.statusCode < 400 &&
        location
      ) {
        response.resume();
        if (redirects >= options.maxRedirects)
          throw new RemoteImageError("unreachable", "too many redirects");
        url = checkedUrl(new URL(location, url).href, options);
        continue;
      }
      if (response.statusCode !== 200) {
        response.resume();
        throw new RemoteImageError("unreachable", `status ${response.statusCode}`);
      }
      const [mediaType = ""] = String(response.headers["content-type"] ?? "").split(";");
      const declared = mediaType.trim().toLowerCase();
      if (!(IMAGE_TYPES as readonly string[]).includes(declared)) {
        response.destroy();
        throw new RemoteImageError("notImage", `content type ${declared || "missing"}`);
      }
      const bytes = await readBody(response, options.maxBytes).finally(() => response.destroy());
      const type = sniffImageType(bytes);
      if (!type) throw new RemoteImageError("notImage", "the bytes are not an image");
      return { type, bytes };
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    if (signal.aborted) throw new RemoteImageError("timeout");
    // The lookup's refusal reaches us through the socket.
    const cause = error as { code?: string; reason?: RemoteImageFailure };
    if (cause.code === "EBLOCKEDADDRESS")
      throw new RemoteImageError("blockedAddress", (error as Error).message);
    throw new RemoteImageError("unreachable", (error as Error).message);
  }
}
