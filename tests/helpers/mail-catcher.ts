import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** The envelope sender (MAIL FROM). */
  from: string;
  /** Every header by lower-case name, unfolded, with RFC 2047 encoded words decoded. */
  headers: Record<string, string>;
  /** The message as it came over the wire. */
  raw: string;
}

/** Whatever the catcher should answer to the next messages instead of taking them. */
export interface Refusal {
  /** An SMTP reply code: 4xx (try again later) or 5xx (permanent). */
  code: number;
  message: string;
}

/** The bytes of quoted-printable text (soft line breaks removed). */
function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < joined.length; i++) {
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined.charAt(i), "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes a MIME body part (quoted-printable or base64; anything else is taken as is). */
function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    return quotedPrintableBytes(body).toString("utf8");
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

const ENCODED_WORD = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;

/**
 * A header value with its RFC 2047 encoded words (=?utf-8?B?…?= / =?utf-8?Q?…?=) decoded.
 * Whitespace between adjacent encoded words is not part of the text (RFC 2047 §6.2), and a
 * character may be split across two words, so a run's bytes are joined before decoding.
 */
export function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) => {
    const bytes = [...run.matchAll(ENCODED_WORD)].map(([, kind = "", text = ""]) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64")
        : quotedPrintableBytes(text.replace(/_/g, " ")),
    );
    return Buffer.concat(bytes).toString("utf8");
  });
}

/** A single-part plain-text message as nodemailer writes it. */
export function parseMail(raw: string, recipients: string[], from = ""): CaughtMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(
        line.slice(colon + 1).trim(),
      );
  }
  return {
    to: recipients,
    from,
    subject: headers.subject ?? "",
    text: decodeBody(head, raw.slice(split + 4)).replace(/\r\n/g, "\n"),
    headers,
    raw,
  };
}

/**
 * A local SMTP server that keeps what it receives, so a test can read what a member would find
 * in their mailbox (the e-mail as delivered, with its links) while the app is configured with
 * `SMTP_URL` = `url`.
 */
export async function startMailCatcher(): Promise<{
  url: string;
  messages: CaughtMail[];
  refuse(refusal: Refusal | null, times?: number): void;
  close(): Promise<void>;
}> {
  const messages: CaughtMail[] = [];
  let refusal: Refusal | null = null;
  let refusalsLeft = Infinity;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusal && refusalsLeft > 0) {
          refusalsLeft--;
          return callback(
            Object.assign(new Error(refusal.message), { responseCode: refusal.code }),
          );
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString("utf8"),
            session.envelope.rcptTo.map((r) => r.address),
            from,
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Answer the next `times` messages (all, by default) with `refusal` (null: take them again). */
    refuse: (next, times = Infinity) => {
      refusal = next;
      refusalsLeft = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
