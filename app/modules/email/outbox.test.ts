import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { logger } from "#app/lib/logger.server";
import { backgroundIdle } from "#app/lib/background.server";
import { CLIENT_IP_HEADER, requestPasswordReset } from "#app/modules/auth/index.server";
import { verification } from "#app/modules/auth/schema";
import { loader as outboxLoader } from "#app/routes/admin/outbox";
import { sendEmail } from "./mailer.server";
import { emailOutbox } from "./schema";

// Without SMTP_URL (the embedded default) the outbox row is all there is of an e-mail, and it
// is what admins read at /admin/outbox: it must never hold a secret, nor may the log.
let cleanup: () => Promise<void>;
beforeAll(async () => {
  delete process.env.SMTP_URL;
  ({ cleanup } = await setupTestDatabase());
});
afterAll(async () => {
  await backgroundIdle();
  await cleanup();
});

const TOKEN = "Zk3u9QeVw0l7sX2bY8nA1cD4fG6hJ5kL";
const logged = () =>
  JSON.stringify(vi.mocked(logger.info).mock.calls) +
  JSON.stringify(vi.mocked(logger.error).mock.calls);

describe("stored e-mails", () => {
  it("keep the message without the secrets it carries, and the log holds neither", async () => {
    vi.spyOn(logger, "info");
    vi.spyOn(logger, "error");
    const link = `http://localhost:3000/reset-password?token=${TOKEN}`;
    await sendEmail({
      to: "keeper@example.test",
      subject: "Reset",
      text: `Open ${link} now. Code: ${TOKEN}.`,
      secrets: [TOKEN],
    });
    const [row] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "keeper@example.test"));
    expect(row!.textBody).toBe(
      "Open http://localhost:3000/reset-password?token=••• now. Code: •••.",
    );
    expect(logged()).not.toContain(TOKEN);
    vi.restoreAllMocks();
  });

  it("hide any token-bearing link, declared or not", async () => {
    await sendEmail({
      to: "careless@example.test",
      subject: "Links",
      text: "a https://x.test/verify?token=abc123&lang=de b https://x.test/api/auth/reset-password/def456?callbackURL=%2F c https://x.test/p?code=g7&key=h8",
    });
    const [row] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "careless@example.test"));
    expect(row!.textBody).toBe(
      "a https://x.test/verify?token=•••&lang=de b https://x.test/api/auth/reset-password/•••?callbackURL=%2F c https://x.test/p?code=•••&key=•••",
    );
  });
});

describe("the outbox page", () => {
  it("shows an admin the reset e-mail of a super admin without its link's token", async () => {
    const owner = await signedInRequest({ role: "super_admin", name: "Owner" });
    const admin = await signedInRequest({ role: "admin", name: "Curious Admin" });
    const request = new Request("http://localhost:3000/forgot-password", {
      method: "POST",
      headers: { [CLIENT_IP_HEADER]: "10.4.0.1" },
    });
    expect(await requestPasswordReset(request, owner.email)).toEqual({ ok: true });
    const tokens = async () =>
      (await db().select({ identifier: verification.identifier }).from(verification)).map((v) =>
        v.identifier.replace(/^reset-password:/, ""),
      );
    let issued: string[] = [];
    for (let i = 0; i < 500 && issued.length === 0; i++) {
      issued = await tokens();
      if (issued.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(issued).toHaveLength(1);
    const shown = async () =>
      JSON.stringify(
        await outboxLoader({
          request: new Request("http://localhost:3000/admin/outbox", {
            headers: { cookie: admin.cookie },
          }),
          params: {},
          context: {},
        } as never),
      );
    let page = await shown();
    for (let i = 0; i < 500 && !page.includes(owner.email); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      page = await shown();
    }
    expect(page).toContain(owner.email);
    expect(page).toContain("reset-password?token=•••");
    expect(page).not.toContain(issued[0]);
  });

  it("hides tokens in messages stored before they were hidden", async () => {
    const admin = await signedInRequest({ role: "admin", name: "Archive Reader" });
    await db()
      .insert(emailOutbox)
      .values({
        toAddress: "old@example.test",
        subject: "Old",
        textBody: `Old link: https://x.test/reset-password?token=${TOKEN}`,
        status: "stored",
      });
    const page = JSON.stringify(
      await outboxLoader({
        request: new Request("http://localhost:3000/admin/outbox", {
          headers: { cookie: admin.cookie },
        }),
        params: {},
        context: {},
      } as never),
    );
    expect(page).toContain("old@example.test");
    expect(page).not.toContain(TOKEN);
  });
});
