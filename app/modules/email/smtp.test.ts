import { afterAll, assert, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { startMailCatcher, type CaughtMail } from "../../../tests/helpers/mail-catcher";
import { startTcpProxy, type TcpProxy } from "../../../tests/helpers/tcp-proxy";
import { db } from "#app/db/client.server";
import { serverT } from "#app/i18n/resources.server";
import { logger } from "#app/lib/logger.server";
import { sendPasswordResetEmail } from "#app/modules/auth/index.server";
import { sendEmail } from "./mailer.server";
import { emailOutbox } from "./schema";

// The real nodemailer transport against a real SMTP server (smtp-server), reached through a TCP
// proxy that can play "server down". What the member receives is read from the wire.
const MAIL_FROM = "Sanctuaire – Zürich <post@sanctuary.test>";
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let proxy: TcpProxy;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  catcher = await startMailCatcher();
  proxy = await startTcpProxy(catcher.url);
  const url = new URL(proxy.url);
  url.search = "";
  process.env.SMTP_URL = url.toString();
  process.env.MAIL_FROM = MAIL_FROM;
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  await cleanup();
  await proxy.close();
  await catcher.close();
});
beforeEach(() => {
  catcher.refuse(null);
  vi.restoreAllMocks();
});

const delivered = (to: string): CaughtMail[] => catcher.messages.filter((m) => m.to.includes(to));
const stored = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const TOKEN = "Qm7vT2pX9cW4nZ8rL1sD6fH3jK5bY0aE";

describe("delivery over SMTP", () => {
  it("arrives with its sender, recipient, subject and body intact, non-ASCII text encoded 7-bit clean", async () => {
    // Long enough that the subject is split into several encoded words.
    const subject = "مرحباً بك في الملاذ — ようこそ、聖域へ — Zoë Ångström, willkommen zurück";
    const text = "Liebe Zoë,\n\nمرحباً! ようこそ。Ça va? 🌙\n\n— Sanctuary";
    await sendEmail({ to: "zoe@example.test", subject, text });

    const [mail] = delivered("zoe@example.test");
    assert(mail);
    expect(mail.from).toBe("post@sanctuary.test");
    expect(mail.headers.from).toBe(MAIL_FROM);
    expect(mail.headers.to).toBe("zoe@example.test");
    expect(mail.subject).toBe(subject);
    expect(mail.text.trimEnd()).toBe(text);
    expect(mail.headers["content-type"]).toMatch(/^text\/plain; charset=utf-8$/i);
    expect(mail.headers["mime-version"]).toBe("1.0");
    expect(mail.headers["message-id"]).toMatch(/^<.+@.+>$/);
    expect(Number.isNaN(Date.parse(mail.headers.date!))).toBe(false);
    // Headers and body travel as ASCII: everything else is MIME-encoded.
    expect([...Buffer.from(mail.raw, "utf8")].every((byte) => byte < 0x80)).toBe(true);
    expect(mail.raw).not.toContain("Zoë");

    const [row] = await stored("zoe@example.test");
    expect(row).toMatchObject({ status: "sent", error: null, subject, textBody: text });
  });
});

describe("a template over SMTP", () => {
  it("gives the member the reset link in their language, and the outbox the message without it", async () => {
    const email = "noor@example.test";
    await sendPasswordResetEmail({ email, name: "نور الهدى" }, TOKEN, "ar", 30);
    const t = serverT("ar");
    const [mail] = delivered(email);
    assert(mail);
    expect(mail.subject).toBe(t("email.reset.subject"));
    expect(mail.text).toContain("نور الهدى");
    expect(mail.text).toContain(`/reset-password?token=${TOKEN}`);
    expect(mail.text).toContain(
      t("email.reset.body", { name: "نور الهدى", link: "", minutes: 30 }).split("\n")[0],
    );

    const [row] = await stored(email);
    assert(row);
    expect(row.status).toBe("sent");
    expect(row.subject).toBe(t("email.reset.subject"));
    expect(row.textBody).toContain("/reset-password?token=•••");
    expect(JSON.stringify(row)).not.toContain(TOKEN);
  });
});

describe("a failed delivery", () => {
  const logged = () => JSON.stringify(vi.mocked(logger.error).mock.calls);

  it("refused for good (5xx): recorded as failed with the reason, logged, the sender not thrown at", async () => {
    vi.spyOn(logger, "error");
    // A filter that quotes what it refused must not carry the secret into the outbox or the log.
    catcher.refuse({ code: 550, message: `Rejected: content matched ${TOKEN}` });
    await expect(
      sendEmail({
        to: "refused@example.test",
        subject: "Reset",
        text: `token ${TOKEN}`,
        secrets: [TOKEN],
      }),
    ).resolves.toBeUndefined();

    expect(delivered("refused@example.test")).toHaveLength(0);
    const rows = await stored("refused@example.test");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("failed");
    expect(rows[0]!.error).toContain("550");
    expect(rows[0]!.error).toContain("Rejected: content matched •••");
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    expect(logged()).toContain("email delivery failed");
    expect(logged()).toContain("refused@example.test");
    expect(logged()).not.toContain(TOKEN);
  });

  it("refused for now (4xx): recorded as failed once; nothing in the process retries it", async () => {
    catcher.refuse({ code: 451, message: "Greylisted, try again later" });
    await sendEmail({ to: "greylisted@example.test", subject: "Hello", text: "Hello" });
    catcher.refuse(null);
    const rows = await stored("greylisted@example.test");
    expect(rows.map((r) => r.status)).toEqual(["failed"]);
    expect(rows[0]!.error).toContain("451");
    expect(delivered("greylisted@example.test")).toHaveLength(0);
  });

  it("with the server down: recorded as failed, and the next message goes through once it is back", async () => {
    vi.spyOn(logger, "error");
    await proxy.interrupt();
    try {
      await expect(
        sendEmail({ to: "down@example.test", subject: "Hello", text: "Hello" }),
      ).resolves.toBeUndefined();
    } finally {
      await proxy.resume();
    }
    const [row] = await stored("down@example.test");
    assert(row);
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/ECONNREFUSED|ECONNRESET|closed/i);
    expect(logged()).toContain("email delivery failed");

    await sendEmail({ to: "back@example.test", subject: "Hello again", text: "Hello again" });
    expect(delivered("back@example.test")).toHaveLength(1);
    expect((await stored("back@example.test"))[0]!.status).toBe("sent");
  });
});
