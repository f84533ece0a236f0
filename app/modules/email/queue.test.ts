import { afterAll, assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { startMailCatcher, type CaughtMail } from "../../../tests/helpers/mail-catcher";
import { db, type Db } from "#app/db/client.server";
import { drainJobs, emitEvent, jobs } from "#app/modules/events/index.server";
import { EMAIL_QUEUE, deliverQueued, emailTask } from "./delivery.server";
import { queueEmail } from "./queue.server";
import { emailOutbox } from "./schema";

// Queued e-mails (billing e-mails and the like) against a real SMTP server (smtp-server) that can
// refuse: the job fails on a temporary refusal and pg-boss runs it again (drainJobs retries at
// once, as the tests' queues have no delay), and the outbox row tells what happened.
let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.url;
  process.env.MAIL_FROM = "Sanctuary <post@sanctuary.test>";
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  await cleanup();
  await catcher.close();
});
beforeEach(() => catcher.refuse(null));

const delivered = (to: string): CaughtMail[] => catcher.messages.filter((m) => m.to.includes(to));
const stored = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const greylisted = { code: 451, message: "Greylisted, try again later" };

async function queue(to: string, subject = "Hello") {
  await db().transaction((tx) =>
    queueEmail(tx as unknown as Db, { to, subject, text: `Hello ${to}` }),
  );
}

describe("a queued e-mail", () => {
  it("exists only if the transaction that queued it commits", async () => {
    await expect(
      db().transaction(async (tx) => {
        await queueEmail(tx as unknown as Db, {
          to: "never@example.test",
          subject: "x",
          text: "x",
        });
        throw new Error("the command fails after queueing");
      }),
    ).rejects.toThrow("the command fails after queueing");
    expect(await drainJobs()).toEqual({ ran: 0, failed: 0 });
    expect(await stored("never@example.test")).toHaveLength(0);
    expect(delivered("never@example.test")).toHaveLength(0);
  });

  it("waits in the outbox as queued until the worker sends it", async () => {
    await queue("patient@example.test");
    expect((await stored("patient@example.test")).map((r) => r.status)).toEqual(["queued"]);
    expect(delivered("patient@example.test")).toHaveLength(0);
    expect(await drainJobs()).toEqual({ ran: 1, failed: 0 });
    expect(delivered("patient@example.test")).toHaveLength(1);
    expect(await stored("patient@example.test")).toMatchObject([{ status: "sent", error: null }]);
  });

  it("refused for now, then taken: arrives once after the retries, the outbox row saying sent", async () => {
    catcher.refuse(greylisted, 2);
    await queue("greylisted@example.test", "Your receipt");
    expect(await drainJobs()).toEqual({ ran: 3, failed: 2 });
    const mails = delivered("greylisted@example.test");
    expect(mails.map((m) => m.subject)).toEqual(["Your receipt"]);
    expect(await stored("greylisted@example.test")).toMatchObject([
      { status: "sent", error: null },
    ]);
  });

  it("shows the outbox that it will be tried again, and why, while the server refuses", async () => {
    catcher.refuse(greylisted);
    await queue("waiting@example.test");
    const [row] = await stored("waiting@example.test");
    assert(row);
    // One attempt by hand, as the worker makes it: it throws, so pg-boss keeps the job.
    await expect(emailTask.run({ outboxId: row.id }, { last: false })).rejects.toThrow(/451/);
    const [after] = await stored("waiting@example.test");
    expect(after).toMatchObject({ status: "retrying" });
    expect(after!.error).toContain("Greylisted");
    // Still refusing through every retry: the last attempt leaves it failed for good.
    expect(await drainJobs()).toEqual({
      ran: 1 + emailTask.retry.limit,
      failed: emailTask.retry.limit,
    });
    const [final] = await stored("waiting@example.test");
    expect(final).toMatchObject({ status: "failed" });
    expect(final!.error).toContain("451");
    expect(delivered("waiting@example.test")).toHaveLength(0);
  });

  it("is retried as often as its task says, by pg-boss", async () => {
    // Tests run every queue without delay; the limit is the task's own (delays: delivery.server.ts).
    expect(await jobs().getQueue(EMAIL_QUEUE)).toMatchObject({
      retryLimit: emailTask.retry.limit,
    });
  });

  it("refused for good (5xx): failed at once, not retried", async () => {
    catcher.refuse({ code: 550, message: "No such mailbox" });
    await queue("nobody@example.test");
    expect(await drainJobs()).toEqual({ ran: 1, failed: 0 });
    const [row] = await stored("nobody@example.test");
    expect(row).toMatchObject({ status: "failed" });
    expect(row!.error).toContain("550");
  });

  it("is sent once when its job runs again after the delivery (the completion was lost)", async () => {
    await queue("twice@example.test");
    const [row] = await stored("twice@example.test");
    assert(row);
    await deliverQueued({ outboxId: row.id }, { last: false });
    await deliverQueued({ outboxId: row.id }, { last: false });
    await drainJobs();
    expect(delivered("twice@example.test")).toHaveLength(1);
    expect(await stored("twice@example.test")).toHaveLength(1);
  });
});

describe("a billing e-mail over a mail server that refuses at first", () => {
  it("reaches the member after the retries, once", async () => {
    const contact = { email: "retry-reader@example.test", name: "Ilse Sommer", language: "de" };
    catcher.refuse(greylisted, 3);
    await db().transaction((tx) =>
      emitEvent(tx as unknown as Db, {
        name: "payment.failed",
        userId: crypto.randomUUID(),
        amount: 1200,
        currency: "EUR",
        contact,
      }),
    );
    // The subscriber's job queues the e-mail; its job fails three times, then delivers.
    expect(await drainJobs()).toEqual({ ran: 5, failed: 3 });
    const mails = delivered(contact.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Deine Mitgliedszahlung ist fehlgeschlagen");
    expect(mails[0]!.text).toContain("Ilse Sommer");
    expect(await stored(contact.email)).toMatchObject([{ status: "sent" }]);
  });
});
