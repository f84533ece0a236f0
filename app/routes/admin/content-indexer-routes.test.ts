import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/db/client.server";
import { seedPages } from "#app/db/seed.server";
import { auditLog } from "#app/modules/audit/schema";
import { drainJobs } from "#app/modules/events/index.server";
import { knowledgeRuns } from "#app/modules/knowledge/schema";
import { setupTestDatabase } from "../../../tests/helpers/test-db";
import { member } from "../../../tests/helpers/community";
import { callRoute } from "../../../tests/helpers/route-call";
import * as route from "./content-indexer";
import * as legacy from "./content-indexer-redirect";

/*
 * The content indexer screen as the framework calls it: admins only, a rebuild started from it
 * runs as a task with its progress shown, hostile input is a 400 that starts nothing.
 */

let cleanup: () => Promise<void>;
type Account = Awaited<ReturnType<typeof member>>;
let admin: Account;
let premium: Account;

beforeAll(async () => {
  ({ cleanup } = await setupTestDatabase());
  await seedPages();
  admin = await member({ role: "admin", name: "Index Admin" });
  premium = await member({ name: "Keen Reader", tier: "full" });
});
afterAll(() => cleanup());

const PATH = "/admin/content-indexer";
const load = (who: Account | null) =>
  callRoute(route.loader as never, PATH, who?.cookie ?? null, {});
const act = (who: Account | null, fields: Record<string, string>) =>
  callRoute(route.action as never, PATH, who?.cookie ?? null, {}, fields);

describe("content indexer screen", () => {
  it("sends guests to sign in and refuses members, and starts nothing for them", async () => {
    expect((await load(null)).status).toBe(302);
    expect((await load(premium)).status).toBe(403);
    expect((await act(null, { intent: "rebuild" })).status).toBe(302);
    expect((await act(premium, { intent: "rebuild" })).status).toBe(403);
    expect(await db().select().from(knowledgeRuns)).toEqual([]);
  });

  it("refuses hostile input with a translated 400", async () => {
    for (const fields of [
      {},
      { intent: "drop table" },
      { intent: "rebuild".repeat(1000) },
      { intent: "\u0000" },
    ] as Array<Record<string, string>>) {
      const answer = await act(admin, fields);
      expect(answer.status).toBe(400);
    }
    expect(await db().select().from(knowledgeRuns)).toEqual([]);
  });

  it("shows each source, starts one audited rebuild and shows its progress", async () => {
    const before = await load(admin);
    expect(before.status).toBe(200);
    const data = before.data as Awaited<ReturnType<typeof route.loader>>;
    expect(data.sources.map((s) => s.kind)).toEqual([
      "faq",
      "page",
      "post",
      "article",
      "lesson",
      "video",
      "event",
    ]);
    expect(data.run).toBeNull();

    const answer = await act(admin, { intent: "rebuild" });
    expect(answer.status).toBe(200);
    expect(answer.body?.toast?.key).toBe("admin.contentIndexer.rebuildStarted");
    // Asking again while it waits does not queue a second run.
    await act(admin, { intent: "rebuild" });
    const runs = await db().select().from(knowledgeRuns);
    expect(runs).toHaveLength(1);
    expect(
      await db().select().from(auditLog).where(eq(auditLog.action, "knowledge-index.rebuild")),
    ).toHaveLength(1);
    const waiting = (await load(admin)).data as Awaited<ReturnType<typeof route.loader>>;
    expect(waiting.run?.status).toBe("queued");

    await drainJobs();
    const after = (await load(admin)).data as Awaited<ReturnType<typeof route.loader>>;
    expect(after.run).toMatchObject({ status: "done", errors: [] });
    expect(after.run!.done).toBe(after.run!.total);
    expect(after.sources.find((s) => s.kind === "page")!.chunks).toBeGreaterThan(10);
  });

  it("sends SPEC's /admin-content-indexer to the tab", () => {
    let thrown: unknown;
    try {
      legacy.loader();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("Location")).toBe(PATH);
  });
});
