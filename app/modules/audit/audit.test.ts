import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { signedInRequest } from "../../../tests/helpers/accounts";
import { db } from "#app/db/client.server";
import { recentAudit, recordAudit } from "./audit.server";
import { auditLog } from "./schema";

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
});
afterAll(() => cleanup());

describe("audit log", () => {
  it("records a row and lists it newest first with the actor's name", async () => {
    const admin = await signedInRequest({ role: "admin", name: "Audit Keeper" });
    await recordAudit(db(), {
      actorId: admin.userId,
      action: "test.first",
      targetType: "thing",
      targetId: "t-1",
      details: { from: 1, to: 2 },
    });
    await recordAudit(db(), {
      actorId: null,
      action: "test.second",
      targetType: "thing",
      targetId: null,
      details: {},
    });
    const [newest, older] = await recentAudit(2);
    expect(newest).toMatchObject({ action: "test.second", actorName: null, targetId: null });
    expect(older).toMatchObject({
      action: "test.first",
      actorName: "Audit Keeper",
      targetId: "t-1",
      details: { from: 1, to: 2 },
    });
    expect(older?.createdAt).toBeInstanceOf(Date);
  });

  it("rolls back with the transaction it was written in", async () => {
    await db()
      .transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: null,
          action: "test.rolled-back",
          targetType: "thing",
          targetId: "t-2",
          details: {},
        });
        throw new Error("undo");
      })
      .catch(() => undefined);
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "test.rolled-back"));
    expect(rows).toHaveLength(0);
  });
});
