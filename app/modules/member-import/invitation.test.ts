import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { serverT } from "#app/i18n/resources.server";
import { textKey } from "#app/i18n/i18n";
import { backgroundIdle } from "#app/lib/background.server";
import { drainJobs } from "#app/modules/events/index.server";
import {
  CLIENT_IP_HEADER,
  requestPasswordReset,
  resetPassword,
  signIn,
} from "#app/modules/auth/index.server";
import { user } from "#app/modules/auth/schema";
import { profiles } from "#app/modules/profiles/schema";
import { bodyRuleFor, SMALL_BODY } from "../../../server/body-limits";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import { startMailCatcher } from "../../../tests/helpers/mail-catcher";
import * as importRoute from "#app/routes/admin/import";
import * as jobRoute from "#app/routes/admin/import-job";
import { IMPORT_QUEUE, importJob, resumeStalledImport } from "./index.server";
import { importJobs } from "./schema";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "./validation";

/*
 * The import as admins and invited members meet it: who may upload, every refusal of a bad file
 * a 4xx with a translated message, the job run by the queue, the invitation delivered over SMTP
 * in the member's language, its link leading through the reset flow to a password that signs in,
 * and a stalled import sent again from an admin page.
 */

let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let superAdmin: Account;

beforeAll(async () => {
  catcher = await startMailCatcher();
  process.env.SMTP_URL = catcher.url;
  ({ cleanup } = await setupTestDatabase());
  admin = await member({ role: "admin", name: "Gate Keeper" });
  superAdmin = await member({ role: "super_admin", name: "High Keeper" });
});
afterAll(async () => {
  await backgroundIdle();
  await cleanup();
  await catcher.close();
});

function upload(
  content: BlobPart,
  mapping?: Record<string, string>,
  cookie: string | null = admin.cookie,
) {
  const form = new FormData();
  form.set("file", new File([content], "people.csv", { type: "text/csv" }));
  for (const [field, column] of Object.entries(mapping ?? {})) form.set(`map.${field}`, column);
  return callRoute(importRoute.action as never, "/admin/import", cookie, {}, form);
}

const jobIdOf = (answer: Awaited<ReturnType<typeof upload>>) => {
  const response = answer.data as Response;
  expect(response.status).toBe(302);
  return response.headers.get("location")!.split("/").pop()!;
};

/** Polls the mailbox until `email` has received `n` messages (SMTP delivery is asynchronous). */
async function mails(email: string, n: number) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const found = catcher.messages.filter((message) => message.to.includes(email));
    if (found.length >= n) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no e-mail ${n} to ${email}`);
}

let ip = 0;
const fromNewIp = () =>
  new Request("http://localhost:3000/forgot-password", {
    method: "POST",
    headers: { [CLIENT_IP_HEADER]: `10.7.0.${++ip}` },
  });

describe("member import screens", () => {
  it("are for admins only", async () => {
    const plain = await member({ name: "Curious Member" });
    expect((await callRoute(importRoute.loader as never, "/admin/import", null)).status).toBe(302);
    expect(
      (await callRoute(importRoute.loader as never, "/admin/import", plain.cookie)).status,
    ).toBe(403);
    expect((await upload("email,name\na@b.test,Someone\n", {}, plain.cookie)).status).toBe(403);
    expect(await db().select().from(importJobs)).toHaveLength(0);
  });

  it("refuse a bad file with a 4xx and a message in every language", async () => {
    const tooMany = [
      "email,name",
      ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `m${i}@x.test,M ${i}`),
    ].join("\n");
    const cases: Array<[BlobPart, Record<string, string> | undefined, number, string]> = [
      ["", undefined, 400, "admin.import.errors.noFile"],
      ["email,name\n", undefined, 400, "admin.import.errors.empty"],
      ['email,name\n"a@b.test,Open quote\n', undefined, 400, "admin.import.errors.unclosedQuote"],
      ['email,name\na@b.test,Mid"quote"\n', undefined, 400, "admin.import.errors.strayQuote"],
      [
        new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00]),
        undefined,
        400,
        "admin.import.errors.notText",
      ],
      [tooMany, undefined, 400, "admin.import.errors.tooManyRows"],
      [
        new Uint8Array(IMPORT_MAX_BYTES + 1).fill(0x61),
        undefined,
        413,
        "admin.import.errors.tooLarge",
      ],
      ["mail,who\na@b.test,Someone\n", undefined, 400, "admin.import.errors.mappingRequired"],
      [
        "email,name\na@b.test,Someone\n",
        { email: "0", displayName: "" },
        400,
        "admin.import.errors.mappingRequired",
      ],
      [
        "email,name\na@b.test,Someone\n",
        { email: "0", displayName: "7" },
        400,
        "admin.import.errors.mapping",
      ],
      [
        "email,name\na@b.test,Someone\n",
        { email: "0", displayName: "0" },
        400,
        "admin.import.errors.mappingTwice",
      ],
    ];
    for (const [content, mapping, status, key] of cases) {
      const answer = await upload(content, mapping);
      expect([answer.status, answer.body?.fieldErrors?.file], key).toEqual([status, key]);
      for (const locale of ["en", "ar", "ja"] as const)
        expect(serverT(locale)(textKey(key)), `${key} in ${locale}`).not.toBe(key);
    }
    expect(await db().select().from(importJobs)).toHaveLength(0);
    // The server stops a larger body before the action reads it, from admins only.
    expect(bodyRuleFor("http://localhost:3000/admin/import")).toMatchObject({
      limit: IMPORT_MAX_BYTES + SMALL_BODY,
      from: "admin",
    });
  });
});

describe("an imported member", () => {
  it("is invited in their language and sets a password through the reset link", async () => {
    // Columns in another order and mapped by hand; a new member without a name; a super admin
    // an admin may not change.
    const file = [
      "Language,Tier,Name,Address,Notes",
      `fr,full,Nouvelle Adepte,nouvelle@import.test,"first, row"`,
      `,,,nameless@import.test,`,
      `en,free,Demoted,${superAdmin.email},`,
    ].join("\n");
    // The tier column is left out: the super admin's row would change nothing but is refused.
    const answer = await upload(file, { language: "0", tier: "", displayName: "2", email: "3" });
    const jobId = jobIdOf(answer);
    await drainJobs();
    const job = await importJob(jobId);
    expect(job).toMatchObject({
      isComplete: true,
      totalProcessed: 3,
      totalFailed: 2,
      created: 1,
      updated: 0,
    });
    const page = await callRoute(jobRoute.loader as never, `/admin/import/${jobId}`, admin.cookie, {
      id: jobId,
    });
    expect((page.data as { job: { isComplete: boolean } }).job.isComplete).toBe(true);
    const [superProfile] = await db()
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.userId, superAdmin.userId));
    expect(superProfile!.name).toBe("High Keeper");
    expect(
      await db().select().from(user).where(eq(user.email, "nameless@import.test")),
    ).toHaveLength(0);

    const [invitation] = await mails("nouvelle@import.test", 1);
    expect(invitation!.subject).toBe("Vous êtes invité sur Sanctuary");
    const link = /(https?:\/\/\S+\/forgot-password\?email=\S+)/.exec(invitation!.text)![1]!;
    const address = new URL(link).searchParams.get("email")!;
    expect(address).toBe("nouvelle@import.test");
    // No password yet: nothing signs in until the member chooses one.
    expect((await signIn(fromNewIp(), { email: address, password: "whatever-it-is" })).ok).toBe(
      false,
    );

    expect(await requestPasswordReset(fromNewIp(), address)).toEqual({ ok: true });
    await backgroundIdle();
    const [, reset] = await mails(address, 2);
    const token = decodeURIComponent(/\/reset-password\?token=([^\s]+)/.exec(reset!.text)![1]!);
    expect(await resetPassword(fromNewIp(), token, "my-own-secret-words")).toEqual({ ok: true });
    expect(
      (await signIn(fromNewIp(), { email: address, password: "my-own-secret-words" })).ok,
    ).toBe(true);
  });

  it("is still imported when the runs stopped: an admin page sends the job again", async () => {
    const jobId = jobIdOf(await upload("email,name\nlate@import.test,Late Comer\n"));
    // The queued run is lost (a worker that died past its retries).
    await db().execute(sql`delete from pgboss.job where name = ${IMPORT_QUEUE}`);
    await resumeStalledImport();
    expect((await drainJobs()).ran).toBe(0);
    await db()
      .update(importJobs)
      .set({ touchedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(importJobs.id, jobId));
    await resumeStalledImport();
    await resumeStalledImport();
    await drainJobs();
    expect(await importJob(jobId)).toMatchObject({ isComplete: true, created: 1 });
  });
});
