import { afterAll, assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { db, type Db } from "#app/db/client.server";
import { LOCALE_CODES } from "#app/i18n/locales";
import { messagesFor } from "#app/i18n/resources.server";
import { createAccount, sendPasswordResetEmail } from "#app/modules/auth/index.server";
import { drainJobs, emitEvent } from "#app/modules/events/index.server";
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
  return { userId, email, contact: { email, name, language } };
}

/** A billing event as its command emits it; `mailsTo` runs the jobs it queued. */
async function billingEvent(event: Parameters<typeof emitEvent>[1]) {
  await db().transaction((tx) => emitEvent(tx as unknown as Db, event));
}

const receipt = (
  m: Awaited<ReturnType<typeof memberSpeaking>>,
  values: {
    amount: number;
    currency: string;
    receiptNumber: number;
    paidAt: Date;
    periodEnd: Date | null;
  },
) =>
  billingEvent({
    name: "payment.succeeded",
    paymentId: crypto.randomUUID(),
    userId: m.userId,
    memberName: m.contact.name,
    amount: values.amount,
    currency: values.currency,
    receiptNumber: values.receiptNumber,
    paidAt: values.paidAt.toISOString(),
    periodEnd: values.periodEnd?.toISOString() ?? null,
    contact: m.contact,
  });

const paymentFailed = (
  m: Awaited<ReturnType<typeof memberSpeaking>>,
  amount: number,
  currency: string,
) =>
  billingEvent({ name: "payment.failed", userId: m.userId, amount, currency, contact: m.contact });
/** The e-mails to `email`, once the jobs the events queued (their subscribers') have run. */
const mailsTo = async (email: string) => {
  await drainJobs();
  return db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(emailOutbox.createdAt);
};

describe("billing e-mails", () => {
  it("write a receipt in the member's language, with money and dates in its format", async () => {
    const m = await memberSpeaking("de", "Jürgen Weiß");
    const { email } = m;
    const paidAt = new Date("2026-03-05T10:00:00Z");
    const periodEnd = new Date("2026-04-05T10:00:00Z");
    await receipt(m, { amount: 1200, currency: "EUR", receiptNumber: 42, paidAt, periodEnd });
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
      const m = await memberSpeaking(language, "Plain Reader");
      const { email } = m;
      await paymentFailed(m, 999, "USD");
      const [mail] = await mailsTo(email);
      assert(mail);
      expect(mail.subject).toBe("Your membership payment failed");
      expect(mail.textBody).toContain("$9.99");
    }
  });

  it("write every kind in every language from its own translation, with nothing left unfilled", async () => {
    // Every event first, then the jobs in one go: the member of each locale gets all three.
    const readers = [];
    for (const locale of LOCALE_CODES) {
      const m = await memberSpeaking(locale, `Reader ${locale}`);
      readers.push({ locale, email: m.email });
      await receipt(m, {
        amount: 500,
        currency: "EUR",
        receiptNumber: 7,
        paidAt: new Date(),
        periodEnd: null,
      });
      await paymentFailed(m, 500, "EUR");
      await billingEvent({
        name: "membership.cancelled",
        userId: m.userId,
        accessUntil: new Date().toISOString(),
        contact: m.contact,
      });
    }
    for (const { locale, email } of readers) {
      const mails = await mailsTo(email);
      const texts = (messagesFor(locale) as { billing: { email: Record<string, string> } }).billing
        .email;
      expect(mails.map((m) => m.subject).sort()).toEqual(
        [
          texts.receiptSubject!.replace("{{number}}", "R-000007"),
          texts.failedSubject,
          texts.cancelSubject,
        ].sort(),
      );
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
