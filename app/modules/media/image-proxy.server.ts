import path from "node:path";
import { detectLocale } from "#app/i18n/detect";
import { serverT } from "#app/i18n/resources.server";
import { classifyImageSource } from "#app/lib/image-src";
import { config } from "#app/lib/config.server";
import { logger } from "#app/lib/logger.server";
import { isPublicAddress } from "./address-guard.server";
import { createImageCache, type ImageCache } from "./image-cache.server";
import { verifyImageSignature } from "./proxy-url.server";
import {
  RemoteImageError,
  fetchRemoteImage,
  type RemoteImage,
  type RemoteImageFailure,
  type RemoteImageOptions,
} from "./remote-image.server";

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const URL_MAX_LENGTH = 2048;
const CACHE_MAX_BYTES = 256 * 1024 * 1024;
const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A failed address is not asked again for this long (a broken image on a busy thread). */
const FAILURE_MEMORY_MS = 5 * 60 * 1000;
const FAILURES_REMEMBERED = 1000;
/** Remote fetches at once, and waiting behind them: a bound on the memory and bandwidth they take. */
const FETCHES_AT_ONCE = 6;
const FETCHES_WAITING = 200;

/** Runs at most `max` tasks at a time; the others wait their turn, or are refused past `queue`. */
function limiter(max: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running++;
    else {
      if (waiting.length >= queue)
        throw new RemoteImageError("unreachable", "too many images are being fetched");
      // The slot is handed over by the task that finishes (see below), never taken twice.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** Every proxied response is an image or a short text, never a document that could run anything. */
const LOCKED_DOWN = {
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
};

type Refusal = "badRequest" | "forbidden" | RemoteImageFailure;

const STATUS: Record<Refusal, number> = {
  badRequest: 400,
  badUrl: 400,
  forbidden: 403,
  blockedAddress: 403,
  notImage: 502,
  tooLarge: 502,
  unreachable: 502,
  timeout: 504,
};

export interface ImageProxyOptions {
  /** Whether the request comes from a signed-in member (who may preview unsigned addresses). */
  signedIn: (request: Request) => Promise<boolean>;
  /** Where fetched images are kept; DATA_DIR/media-cache by default. */
  cacheDir?: string;
  cacheMaxBytes?: number;
  timeoutMs?: number;
  /**
   * Which addresses, ports and certificate authorities the fetch may use: only the test suite
   * sets this, to reach its own local server. Refused unless NODE_ENV is "test", and no setting
   * leads here, so nothing can open the SSRF guard on a live site.
   */
  network?: Pick<RemoteImageOptions, "addressAllowed" | "portAllowed" | "ca">;
}

/**
 * GET /media/proxy?url=…&sig=…: a remote https image, fetched by the server so readers' browsers
 * never contact the image's host. The signature (made when Markdown was rendered, see
 * `proxiedImageSrc`) keeps it from being an open proxy: unsigned addresses are served to
 * signed-in members only (the editors' preview). Fetched images are kept on disk; concurrent
 * requests for one address share one fetch.
 */
export function createImageProxy(options: ImageProxyOptions) {
  if (options.network && process.env.NODE_ENV !== "test")
    throw new Error(
      "The image proxy's network guard can be changed by the test suite only, never in production.",
    );
  const fetchOptions: RemoteImageOptions = {
    addressAllowed: isPublicAddress,
    portAllowed: (port) => port === 443,
    maxBytes: IMAGE_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
    ...options.network,
  };
  let cache: ImageCache | undefined;
  const cacheOf = () =>
    (cache ??= createImageCache({
      dir: options.cacheDir ?? path.resolve(config().DATA_DIR, "media-cache"),
      maxBytes: options.cacheMaxBytes ?? CACHE_MAX_BYTES,
      maxAgeMs: CACHE_MAX_AGE_MS,
    }));
  const inFlight = new Map<string, Promise<RemoteImage>>();
  const limited = limiter(FETCHES_AT_ONCE, FETCHES_WAITING);
  const failures = new Map<string, { reason: RemoteImageFailure; until: number }>();

  async function image(url: string): Promise<RemoteImage> {
    const cached = await cacheOf().get(url);
    if (cached) return cached;
    const failed = failures.get(url);
    if (failed && failed.until > Date.now()) throw new RemoteImageError(failed.reason);
    let pending = inFlight.get(url);
    if (!pending) {
      pending = limited(() => fetchRemoteImage(url, fetchOptions))
        .then(async (fetched) => {
          await cacheOf()
            .put(url, fetched)
            .catch((error) => logger.warn({ err: error }, "image proxy: caching failed"));
          return fetched;
        })
        .catch((error: unknown) => {
          if (error instanceof RemoteImageError) {
            if (failures.size >= FAILURES_REMEMBERED)
              failures.delete(failures.keys().next().value!);
            failures.set(url, { reason: error.reason, until: Date.now() + FAILURE_MEMORY_MS });
          }
          throw error;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, pending);
    }
    return pending;
  }

  function refuse(request: Request, reason: Refusal): Response {
    const t = serverT(detectLocale(request));
    return new Response(
      t(`errors.imageProxy.${reason === "badUrl" ? "badRequest" : reason}`, {
        megabytes: IMAGE_MAX_BYTES / 1024 / 1024,
      }),
      {
        status: STATUS[reason],
        headers: {
          ...LOCKED_DOWN,
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
        },
      },
    );
  }

  return async function handle(request: Request): Promise<Response> {
    // A Hono handler, not a React Router loader: its request is the address asked for.
    // eslint-disable-next-line no-restricted-syntax
    const query = new URL(request.url).searchParams;
    const url = query.get("url") ?? "";
    const signature = query.get("sig");
    const source =
      url.length <= URL_MAX_LENGTH
        ? classifyImageSource(url, null)
        : ({ kind: "refused" } as const);
    // Exactly the address that was signed: a different spelling of it is a different request.
    if (source.kind !== "remote" || source.url !== url) return refuse(request, "badRequest");
    const allowed = signature
      ? verifyImageSignature(url, signature)
      : await options.signedIn(request);
    if (!allowed) return refuse(request, "forbidden");
    try {
      const { type, bytes } = await image(url);
      return new Response(new Uint8Array(bytes), {
        status: 200,
        headers: {
          ...LOCKED_DOWN,
          "Content-Type": type,
          "Content-Length": String(bytes.length),
          "Cache-Control": "public, max-age=86400",
        },
      });
    } catch (error) {
      if (!(error instanceof RemoteImageError)) throw error;
      logger.info(
        { reason: error.reason, detail: error.message, host: new URL(url).host },
        "image proxy refused",
      );
      return refuse(request, error.reason);
    }
  };
}
