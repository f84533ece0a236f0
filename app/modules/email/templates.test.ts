import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { db } from "#app/db/client.server";
import { LOCALE_CODES } from "#app/i18n/locales";
import { messagesFor } from "#app/i18n/resources.server";
import { createAccount, sendPasswordResetEmail } from "#app/modules/auth/index.server";
import { sendBillingEmail } from "#app/modules/payments/index.server";
import { profiles } from "#app/modules/profiles/schema";
import { emailOutbox } from "./schema";

// The e-mails the product writes, read from the outbox (no SMTP_URL): each in the language of the
// member it goes to, whoever's request caused it, and never with a secret in the stored copy.
let cleanup: () => Promise<void>;
beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.PUBLIC_URL = "https://sanctuary.example";
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

let counter = 0;
async function memberSpeaking(language: string | null, name: string) {
  const email = `mail${++counter}-${Date.now()}@example.test`;
  const userId = await createAccount({ email, password: "correct-horse-battery", name });
  await db().update(profiles).set({ language }).where(eq(profiles.userId, userId));
  return { userId, email };
}
const mailsTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.createdAt);

describe("billing e-mails", () => {
  it("write a receipt in the member's language, with money and dates in its format", async () => {
    const { userId, email } = await memberSpeaking("de", "Jürgen Weiß");
    const paidAt = new Date("2026-03-05T10:00:00Z");
    const periodEnd = new Date("2026-04-05T10:00:00Z");
    await sendBillingEmail(userId, {
      kind: "receipt",
      amount: 1200,
      currency: "EUR",
      receiptNumber: 42,
      paidAt,
      periodEnd,
    });
    const [mail] = await mailsTo(email);
    assert(mail);
    expect(mail.status).toBe("stored");
    expect(mail.subject).toBe("Dein Beleg R-000042");
    expect(mail.textBody).toMatch(/^Hallo Jürgen Weiß,/);
    expect(mail.textBody).toContain(
      new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(12),
    );
    expect(mail.textBody).toContain("5. März 2026");
    expect(mail.textBody).toContain("5. April 2026");
    expect(mail.textBody).toContain("https://sanctuary.example/billing");
  });

  it("fall back to English for a member who chose no language (or one the site does not have)", async () => {
    for (const language of [null, "xx"]) {
      const { userId, email } = await memberSpeaking(language, "Plain Reader");
      await sendBillingEmail(userId, { kind: "paymentFailed", amount: 999, currency: "USD" });
      const [mail] = await mailsTo(email);
      assert(mail);
      expect(mail.subject).toBe("Your membership payment failed");
      expect(mail.textBody).toContain("$9.99");
    }
  });

  it("write every kind in every language from its own translation, with nothing left unfilled", async () => {
    for (const locale of LOCALE_CODES) {
      const { userId, email } = await memberSpeaking(locale, `Reader ${locale}`);
      await sendBillingEmail(userId, {
        kind: "receipt",
        amount: 500,
        currency: "EUR",
        receiptNumber: 7,
        paidAt: new Date(),
        periodEnd: null,
      });
      await sendBillingEmail(userId, { kind: "paymentFailed", amount: 500, currency: "EUR" });
      await sendBillingEmail(userId, { kind: "cancellation", accessUntil: new Date() });
      const mails = await mailsTo(email);
      const texts = (messagesFor(locale) as { billing: { email: Record<string, string> } }).billing
        .email;
      expect(mails.map((m) => m.subject)).toEqual([
        texts.receiptSubject!.replace("{{number}}", "R-000007"),
        texts.failedSubject,
        texts.cancelSubject,
      ]);
      for (const mail of mails) {
        expect(mail.textBody).toContain(`Reader ${locale}`);
        expect(mail.textBody).not.toMatch(/\{\{|\}\}/);
      }
    }
  });
});

describe("the password-reset e-mail", () => {
  it("is written in the language asked for, its link's token kept out of the stored copy", async () => {
    const token = "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z";
    const email = "lea@example.test";
    await sendPasswordResetEmail({ email, name: "Léa" }, token, "fr", 45);
    const [mail] = await mailsTo(email);
    assert(mail);
    const reset = (messagesFor("fr") as { email: { reset: Record<string, string> } }).email.reset;
    expect(mail.subject).toBe(reset.subject);
    expect(mail.textBody).toContain("Léa");
    expect(mail.textBody).toContain("45");
    expect(mail.textBody).toContain("https://sanctuary.example/reset-password?token=•••");
    expect(JSON.stringify(mail)).not.toContain(token);
  });
});
