import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** Decodes a MIME body part (quoted-printable or base64; anything else is taken as is). */
function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes: number[] = [];
    const joined = body.replace(/=\r?\n/g, "");
    for (let i = 0; i < joined.length; i++) {
      if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
        bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(joined[i], "utf8"));
      }
    }
    return Buffer.from(bytes).toString("utf8");
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** A single-part plain-text message as nodemailer writes it. */
export function parseMail(raw: string, recipients: string[]): CaughtMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = raw.slice(0, split);
  const unfolded = headers.replace(/\r\n[ \t]+/g, " ");
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? "";
  const decodedSubject = subject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeBody("content-transfer-encoding: quoted-printable", text.replace(/_/g, " ")),
  );
  return { to: recipients, subject: decodedSubject.replace(/\?=\s+=\?/g, ""), text: decodeBody(headers, raw.slice(split + 4)).replace(/\r\n/g, "\n") };
}

/**
 * A local SMTP server that keeps what it receives, so a test can read what a member would find
 * in their mailbox (the e-mail as delivered, with its links) while the app is configured with
 * `SMTP_URL` = `url`.
 */
export async function startMailCatcher(): Promise<{ url: string; messages: CaughtMail[]; close(): Promise<void> }> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push(parseMail(Buffer.concat(chunks).toString("utf8"), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
