import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { db } from "#app/db/client.server";
import { emailOutbox } from "#app/modules/email/schema";
import { drainJobs, jobs, runJob } from "#app/modules/events/index.server";
import { membershipPricing } from "#app/modules/memberships";
import { setClock } from "./clock";
import { startCheckout } from "./checkout-start.server";
import { payBuiltinCheckout } from "./membership.server";
import { payments, salesNotifications } from "./schema";
import { BILLING_SWEEP_QUEUE } from "./sweep-task.server";
import { TEST_CARDS } from "./test-cards";
import { paymentSubscriptions } from "./subscribers.server";

// Billing e-mails are domain events' effects (decision 038): emitted in the billing command's
// transaction, queued once by their subscriber, delivered by the e-mail worker. No SMTP here:
// the outbox row is the e-mail.
let cleanup: () => Promise<void>;
beforeAll(async () => {
  delete process.env.SMTP_URL;
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());
afterEach(() => setClock(null));

const DAY = 24 * 60 * 60 * 1000;
const receiptsTo = async (email: string) =>
  (
    await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(desc(emailOutbox.createdAt))
  ).filter((mail) => mail.subject.startsWith("Your receipt"));
const paymentsOf = (userId: string) =>
  db().select().from(payments).where(eq(payments.userId, userId));

async function pay(m: Awaited<ReturnType<typeof member>>, at = new Date()) {
  const redirect = await startCheckout(
    { userId: m.userId, email: m.email },
    membershipPricing({}),
    "http://localhost:3000",
    "Full membership",
  );
  await payBuiltinCheckout(m.userId, redirect.split("/").pop()!, TEST_CARDS.success, at);
}

describe("the receipt", () => {
  it("is queued by the payment's transaction: nothing before the jobs run, one after", async () => {
    const m = await member();
    await drainJobs();
    await pay(m);
    expect(await receiptsTo(m.email)).toHaveLength(0);
    await drainJobs();
    expect(await receiptsTo(m.email)).toHaveLength(1);
  });

  it("is never sent when the payment's transaction rolls back after the event was written", async () => {
    const m = await member();
    await drainJobs();
    // The payment's last statement (its payment_events row's outcome) fails: everything the
    // transaction did, the emitted payment.succeeded included, is rolled back.
    await db().execute(
      sql.raw(`create function refuse_recorded() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${m.userId}' and new.result like 'payment recorded%' then
            raise exception 'the database refuses the outcome';
          end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_recorded before update on payment_events
        for each row execute function refuse_recorded()`),
    );
    try {
      await expect(pay(m)).rejects.toThrow();
    } finally {
      await db().execute(sql.raw("drop trigger refuse_recorded on payment_events"));
      await db().execute(sql.raw("drop function refuse_recorded"));
    }
    await drainJobs();
    expect(await paymentsOf(m.userId)).toHaveLength(0);
    expect(
      await db().select().from(salesNotifications).where(eq(salesNotifications.userId, m.userId)),
    ).toHaveLength(0);
    expect(await receiptsTo(m.email)).toHaveLength(0);
  });

  it("is queued once when its subscriber's job runs twice", async () => {
    const m = await member();
    const receipt = paymentSubscriptions.find(
      (s) => s.event === "payment.succeeded" && s.subscriber === "billing-email",
    )! as Parameters<typeof runJob>[0];
    const job = {
      id: crypto.randomUUID(),
      event: {
        name: "payment.succeeded" as const,
        paymentId: crypto.randomUUID(),
        userId: m.userId,
        memberName: "Twice Told",
        amount: 3000,
        currency: "USD",
        receiptNumber: 99,
        paidAt: new Date().toISOString(),
        periodEnd: null,
        contact: { email: m.email, name: "Twice Told", language: null },
      },
    };
    await runJob(receipt, job);
    await runJob(receipt, job);
    await drainJobs();
    expect((await receiptsTo(m.email)).map((mail) => mail.subject)).toEqual([
      "Your receipt R-000099",
    ]);
  });
});

describe("the billing sweep", () => {
  it("is a recurring pg-boss job, every five minutes", async () => {
    const schedules = await jobs().getSchedules(BILLING_SWEEP_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual(["*/5 * * * *"]);
  });

  it("renews a membership when its job runs, and a second run charges and e-mails nothing more", async () => {
    const m = await member();
    const start = new Date(Date.now() - 35 * DAY);
    await pay(m, start);
    await drainJobs();
    expect(await paymentsOf(m.userId)).toHaveLength(1);
    setClock(() => new Date(Date.now() + 60_000));
    for (let run = 1; run <= 2; run++) {
      await jobs().send(BILLING_SWEEP_QUEUE, {});
      await drainJobs();
      expect(await paymentsOf(m.userId)).toHaveLength(2);
      expect(await receiptsTo(m.email)).toHaveLength(2);
    }
  });
});
