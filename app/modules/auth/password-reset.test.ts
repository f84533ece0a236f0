import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { startMailCatcher, type CaughtMail } from "../../../tests/helpers/mail-catcher";
import { db } from "#app/db/client.server";
import { serverT } from "#app/i18n/resources.server";
import { backgroundIdle } from "#app/lib/background.server";
import { emailOutbox } from "#app/modules/email/schema";
import { action as resetPasswordAction } from "#app/routes/auth/reset-password";
import { findUserIdByEmail, setPassword } from "./accounts.server";
import { auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./rate-limit.server";
import { verification } from "./schema";
import { requestPasswordReset, resetPassword, signIn } from "./sign-in.server";

// Reset e-mails are read where a member reads them: in the mailbox, delivered over SMTP.
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.url;
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  await backgroundIdle();
  await cleanup();
  await catcher.close();
});

let ip = 0;
const fromNewIp = () =>
  new Request("http://localhost:3000/forgot-password", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: `10.3.0.${++ip}` },
  });

/** Polls until `find` returns something (the SMTP server may still be taking the e-mail). */
async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}

const mailsTo = (email: string) => catcher.messages.filter((m) => m.to.includes(email));

/** Asks for a reset link and returns the token of the e-mail it sends. */
async function askForLink(email: string): Promise<string> {
  const before = mailsTo(email).length;
  expect(await requestPasswordReset(fromNewIp(), email)).toEqual({ ok: true });
  await backgroundIdle();
  const mail: CaughtMail = await until(
    () => mailsTo(email)[before],
    `the reset e-mail to ${email}`,
  );
  const token = /\/reset-password\?token=([^\s]+)/.exec(mail.text)?.[1];
  expect(token).toBeDefined();
  return decodeURIComponent(token!);
}

/** The reset form as a member submits it; the error key it shows, or null when it worked. */
async function submitResetForm(token: string, password: string): Promise<string | null> {
  const body = new URLSearchParams({ token, password, confirmPassword: password });
  const request = new Request("http://localhost:3000/reset-password", {
    method: "POST",
    body,
    headers: { [CLIENT_IP_HEADER]: `10.3.1.${++ip}` },
  });
  const result = (await resetPasswordAction({ request, params: {}, context: {} } as never)) as {
    done?: boolean;
    data?: { errors: { form?: string } };
  };
  return result.done ? null : (result.data?.errors.form ?? "no error");
}

describe("password reset", () => {
  it("e-mails a link that works once and changes the password", async () => {
    const { email } = await signedInRequest({ name: "Forgetful" });
    const token = await askForLink(email);
    // The member's mailbox has the link; the outbox keeps the message without the token.
    const [stored] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    assert(stored);
    expect(stored.status).toBe("sent");
    expect(stored.textBody).toContain("/reset-password?token=•••");
    expect(stored.textBody).not.toContain(token);
    expect(await resetPassword(fromNewIp(), token, "brand-new-password")).toEqual({ ok: true });
    expect((await signIn(fromNewIp(), { email, password: "brand-new-password" })).ok).toBe(true);
    expect(await resetPassword(fromNewIp(), token, "yet-another-password")).toEqual({
      ok: false,
      error: "resetInvalid",
    });
  });

  it("says nothing about unknown addresses and sends them nothing", async () => {
    expect(await requestPasswordReset(fromNewIp(), "ghost@example.test")).toEqual({ ok: true });
    await backgroundIdle();
    expect(mailsTo("ghost@example.test")).toHaveLength(0);
    expect(
      await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, "ghost@example.test")),
    ).toHaveLength(0);
  });

  it("refuses an expired link", async () => {
    const { email } = await signedInRequest({ name: "Late" });
    const token = await askForLink(email);
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await resetPassword(fromNewIp(), token, "too-late-password")).toEqual({
      ok: false,
      error: "resetInvalid",
    });
  });
});

describe("outstanding reset links", () => {
  it("stop working once a newer link was used", async () => {
    const { email } = await signedInRequest({ name: "Twice Asked" });
    const older = await askForLink(email);
    const newer = await askForLink(email);
    expect(newer).not.toBe(older);
    expect(await submitResetForm(newer, "chosen-with-the-newer")).toBeNull();
    expect(await submitResetForm(older, "chosen-with-the-older")).toBe("auth.errors.resetInvalid");
    expect(serverT("en")("auth.errors.resetInvalid")).toBe(
      "This reset link is invalid or has expired. Ask for a new one.",
    );
    expect((await signIn(fromNewIp(), { email, password: "chosen-with-the-newer" })).ok).toBe(true);
    expect((await signIn(fromNewIp(), { email, password: "chosen-with-the-older" })).ok).toBe(
      false,
    );
  });

  it("stop working after a password change, which also ends the account's other sessions", async () => {
    const { email, password, cookie } = await signedInRequest({ name: "Careful Changer" });
    const other = await signedInRequest({ name: "Someone Else" });
    const elsewhere = await auth().api.signInEmail({ body: { email, password }, asResponse: true });
    const elsewhereCookie = elsewhere.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const outstanding = await askForLink(email);

    const changed = await auth().handler(
      new Request("http://localhost:3000/api/auth/change-password", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: "http://localhost:3000" },
        body: JSON.stringify({ currentPassword: password, newPassword: "changed-on-purpose" }),
      }),
    );
    expect(changed.status).toBe(200);
    const currentCookie =
      changed.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ") || cookie;

    const sessionOf = (c: string) => auth().api.getSession({ headers: new Headers({ cookie: c }) });
    expect(await sessionOf(currentCookie)).not.toBeNull();
    expect(await sessionOf(elsewhereCookie)).toBeNull();
    expect(await sessionOf(other.cookie)).not.toBeNull();
    expect(await resetPassword(fromNewIp(), outstanding, "taken-over-password")).toEqual({
      ok: false,
      error: "resetInvalid",
    });
  });
});

describe("an operator setting a password (user:set --password)", () => {
  it("lets the member in with the new password only, and ends sessions and outstanding links", async () => {
    const { email, password, cookie } = await signedInRequest({ name: "Locked Out" });
    const outstanding = await askForLink(email);
    await setPassword((await findUserIdByEmail(email))!, "set-by-the-operator");

    expect(await auth().api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    expect((await signIn(fromNewIp(), { email, password })).ok).toBe(false);
    expect((await signIn(fromNewIp(), { email, password: "set-by-the-operator" })).ok).toBe(true);
    expect(await resetPassword(fromNewIp(), outstanding, "taken-over-password")).toEqual({
      ok: false,
      error: "resetInvalid",
    });
  });
});
