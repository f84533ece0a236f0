import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, like } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { user } from "#app/modules/auth/schema";
import { profiles } from "#app/modules/profiles/schema";
import { subscribers } from "#app/modules/memberships/schema";
import { emailOutbox } from "#app/modules/email/schema";
import { auditLog } from "#app/modules/audit/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as importRoute from "#app/routes/admin/import";
import * as errorsRoute from "#app/routes/admin/import-errors-csv";
import { importJob, processImportBatch, runImport } from "./index.server";
import { importRows } from "./schema";

/*
 * A 50,000-row file from upload to the last batch: rows staged at upload, worked 100 per batch
 * with totalProcessed/totalFailed/isComplete moving, a run handing over and a later run
 * continuing where the last committed batch ended, bad rows in the error report, an existing
 * address updated rather than duplicated, one invitation per new member in the outbox.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let existing: Account;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Import Admin" });
  existing = await member({ name: "Existing Seeker" });
});
afterAll(() => cleanup());

const ROWS = 50_000;
const TIERS = ["free", "full", "premium", ""];
const LANGUAGES = ["en", "fr", "ar", ""];

/** The file: mostly good rows, with known bad ones, an existing member and a quoted name. */
function memberFile(): string {
  const lines = ["Email,Display name,Tier,Language"];
  for (let i = 1; i <= ROWS; i++) {
    let line = `seeker${i}@import.test,Seeker ${i},${TIERS[i % 4]},${LANGUAGES[i % 4]}`;
    if (i === 10) line = "not-an-address,Bad Address,free,en";
    if (i === 20) line = "seeker20@import.test,Seeker 20,platinum,en";
    // The same address as row 1 (spreadsheet row 2), spelled differently.
    if (i === 30) line = " SEEKER1@Import.Test ,Seeker Again,free,en";
    if (i === 40) line = `${existing.email.toUpperCase()},Renamed Seeker,full,de`;
    if (i === 50) line = `seeker50@import.test,"Doe, ""Jane""",pro,`;
    lines.push(line);
  }
  return lines.join("\r\n") + "\r\n";
}

const newMembers = () =>
  db()
    .select({ n: count() })
    .from(user)
    .where(like(user.email, "%@import.test"))
    .then(([row]) => row!.n);

describe("a 50,000-row member import", () => {
  let jobId: string;

  it("is staged at upload as a pending job, nothing imported yet", async () => {
    const form = new FormData();
    form.set("file", new File([memberFile()], "members.csv", { type: "text/csv" }));
    form.set("map.email", "0");
    form.set("map.displayName", "1");
    form.set("map.tier", "2");
    form.set("map.language", "3");
    const answer = await callRoute(
      importRoute.action as never,
      "/admin/import",
      admin.cookie,
      {},
      form,
    );
    const redirect = answer.data as Response;
    expect(redirect.status).toBe(302);
    jobId = /^\/admin\/import\/([0-9a-f-]{36})$/.exec(redirect.headers.get("location") ?? "")![1]!;
    const job = await importJob(jobId);
    expect(job).toMatchObject({
      status: "pending",
      totalRows: ROWS,
      totalProcessed: 0,
      totalFailed: 0,
      isComplete: false,
    });
    expect(await newMembers()).toBe(0);
  }, 120_000);

  it("works 100 rows per batch, reporting its progress", async () => {
    expect(await processImportBatch(jobId)).toEqual({
      totalProcessed: 100,
      totalFailed: 3,
      isComplete: false,
    });
    expect(await processImportBatch(jobId)).toEqual({
      totalProcessed: 200,
      totalFailed: 3,
      isComplete: false,
    });
    // Rows 10, 20, 30 failed, 40 updated an existing member: 96 new ones after 100 rows.
    expect(await newMembers()).toBe(196);
  });

  it("hands over after a run's batches and a later run continues from the cursor", async () => {
    const first = await runImport(jobId, { maxBatches: 3, pauseMs: 0 });
    expect(first).toEqual({ totalProcessed: 500, totalFailed: 3, isComplete: false });
    const done = await runImport(jobId, { maxBatches: 1_000, pauseMs: 0 });
    expect(done).toEqual({ totalProcessed: ROWS, totalFailed: 3, isComplete: true });
    // A run sent again after completion changes nothing.
    expect(await runImport(jobId, { pauseMs: 0 })).toEqual(done);
    expect(await newMembers()).toBe(ROWS - 4);
    const job = await importJob(jobId);
    expect(job).toMatchObject({ status: "complete", created: ROWS - 4, updated: 1 });
    expect(await db().select().from(importRows).where(eq(importRows.jobId, jobId))).toHaveLength(0);
  }, 600_000);

  it("gave each new member the records every account has and an invitation", async () => {
    const [jane] = await db()
      .select({
        name: profiles.displayName,
        tier: subscribers.subscriptionTier,
        paid: subscribers.subscribed,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .innerJoin(subscribers, eq(subscribers.userId, user.id))
      .where(eq(user.email, "seeker50@import.test"));
    expect(jane).toEqual({ name: 'Doe, "Jane"', tier: "pro", paid: true });
    const [{ n: profileCount }] = (await db()
      .select({ n: count() })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(like(user.email, "%@import.test"))) as [{ n: number }];
    expect(profileCount).toBe(ROWS - 4);
    const [{ n: invitations }] = (await db()
      .select({ n: count() })
      .from(emailOutbox)
      .where(like(emailOutbox.toAddress, "%@import.test"))) as [{ n: number }];
    expect(invitations).toBe(ROWS - 4);
    const [french] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "seeker1@import.test"));
    expect(french!.textBody).toContain("/forgot-password?email=seeker1%40import.test");
    expect(french!.subject).toBe("Vous êtes invité sur Sanctuary");
  });

  it("updated the existing member instead of adding a second account, without inviting them", async () => {
    const rows = await db()
      .select({
        name: profiles.displayName,
        language: profiles.language,
        tier: subscribers.subscriptionTier,
        paid: subscribers.subscribed,
      })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .innerJoin(subscribers, eq(subscribers.userId, user.id))
      .where(eq(user.email, existing.email));
    expect(rows).toEqual([{ name: "Renamed Seeker", language: "de", tier: "full", paid: true }]);
    expect(
      await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, existing.email)),
    ).toHaveLength(0);
  });

  it("reports the bad rows in a CSV in the admin's language", async () => {
    const answer = await callRoute(
      errorsRoute.loader as never,
      `/admin/import/${jobId}/errors.csv`,
      admin.cookie,
      { id: jobId },
    );
    const response = answer.data as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect((await response.text()).trim().split("\n")).toEqual([
      '"Row","E-mail","Reason"',
      '"11","not-an-address","Invalid e-mail address"',
      '"21","seeker20@import.test","Unknown tier (free, full, premium, pro, yearly or lifetime)"',
      '"31"," SEEKER1@Import.Test ","Same e-mail address as row 2"',
    ]);
    const other = await member({ name: "Plain Member" });
    const refused = await callRoute(
      errorsRoute.loader as never,
      `/admin/import/${jobId}/errors.csv`,
      other.cookie,
      { id: jobId },
    );
    expect(refused.status).toBe(403);
  });

  it("left the start and the end in the audit log", async () => {
    const rows = await db()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, jobId)));
    expect(rows.map((row) => row.action).sort()).toEqual([
      "member.import",
      "member.import.complete",
    ]);
  });
});
