import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

export interface ImageServer {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The server's self-signed certificate, to trust in the client under test. */
  certificate: string;
  /** Requests received per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A local HTTPS server standing in for the image hosts of the internet (the test machine has no
 * internet), with a certificate made for 127.0.0.1 by openssl. Paths: /ok.png, /disguised.png (HTML
 * sent as image/png), /page.html, /drawing.svg, /huge.png (declared too large), /endless.png (too
 * large without a Content-Length), /slow.png (never answers), /moved → /ok.png, /elsewhere →
 * an address on another port, /missing (404).
 */
export async function startImageServer(options: { maxBytes: number }): Promise<ImageServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "image-server-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "2",
      "-keyout",
      key,
      "-out",
      cert,
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  const certificate = readFileSync(cert, "utf8");
  const hits = new Map<string, number>();
  const server: Server = createServer({ key: readFileSync(key), cert: certificate }, (req, res) => {
    const url = new URL(req.url ?? "/", "https://127.0.0.1");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    switch (url.pathname) {
      case "/ok.png":
        res.writeHead(200, {
          "Content-Type": "image/png",
          "Content-Length": PNG.length,
          "Set-Cookie": "tracker=1",
        });
        return res.end(PNG);
      case "/disguised.png":
        res.writeHead(200, { "Content-Type": "image/png" });
        return res.end("<html><script>alert(1)</script></html>");
      case "/page.html":
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("<html></html>");
      case "/drawing.svg":
        res.writeHead(200, { "Content-Type": "image/svg+xml" });
        return res.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      case "/huge.png":
        res.writeHead(200, { "Content-Type": "image/png", "Content-Length": options.maxBytes + 1 });
        return res.end(Buffer.concat([PNG, Buffer.alloc(options.maxBytes + 1 - PNG.length)]));
      case "/endless.png": {
        res.writeHead(200, { "Content-Type": "image/png" });
        res.write(PNG);
        const chunk = Buffer.alloc(64 * 1024);
        let sent = PNG.length;
        const more = () => {
          while (sent <= options.maxBytes + chunk.length && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        return more();
      }
      case "/slow.png":
        return; // never answers
      case "/moved":
        res.writeHead(302, { Location: "/ok.png" });
        return res.end();
      case "/elsewhere":
        res.writeHead(302, { Location: "https://127.0.0.2:1/ok.png" });
        return res.end();
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    certificate,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
