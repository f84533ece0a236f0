import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { logger } from "#app/lib/logger.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { queueTask } from "#app/modules/events/index.server";
import { knowledgeChunks, knowledgeRuns } from "./schema";
import { SOURCES, sourceOf, type KnowledgeSource } from "./sources.server";

export const REBUILD_QUEUE = "knowledge-index.rebuild";
export const REFRESH_QUEUE = "knowledge-index.refresh";
const MAX_ERRORS = 20;
/** Documents indexed in one transaction by the refresh. */
const REFRESH_BATCH = 50;

/** Replaces one document's passages with what its source holds now (none when it should not be indexed). */
export async function indexDocument(
  tx: Db,
  source: KnowledgeSource,
  id: string,
  now: Date = new Date(),
): Promise<number> {
  await tx
    .delete(knowledgeChunks)
    .where(and(eq(knowledgeChunks.sourceKind, source.kind), eq(knowledgeChunks.sourceId, id)));
  const document = await source.load(tx, id, now);
  if (!document || document.chunks.length === 0) return 0;
  await tx.insert(knowledgeChunks).values(
    document.chunks.map((chunk, position) => ({
      sourceKind: source.kind,
      sourceId: id,
      position,
      url: chunk.url,
      title: document.title,
      heading: chunk.heading,
      body: chunk.body,
      access: chunk.access,
      language: document.language,
      sourceUpdatedAt: document.updatedAt,
      updatedAt: now,
    })),
  );
  return document.chunks.length;
}

/** Indexes one document by source kind inside the caller's transaction (with the change itself). */
export async function reindexIn(tx: Db, kind: string, id: string): Promise<number> {
  const source = sourceOf(kind);
  if (!source) throw new Error(`No knowledge source ${kind}`);
  return indexDocument(tx, source, id);
}

/** Indexes one document by source kind, in a transaction of its own. */
export async function reindex(kind: string, id: string): Promise<number> {
  const source = sourceOf(kind);
  if (!source) throw new Error(`No knowledge source ${kind}`);
  return db().transaction((tx) => indexDocument(tx, source, id));
}

/**
 * Brings one source up to date: documents new or changed since they were indexed are indexed
 * again, documents that left (deleted, unpublished, moved to a hidden place) lose their passages.
 * Idempotent; the periodic refresh runs it for every source.
 */
export async function refreshSource(
  source: KnowledgeSource,
  now: Date = new Date(),
): Promise<{ indexed: number; removed: number }> {
  const wanted = await source.list(db(), now);
  const stored = await db()
    .select({
      id: knowledgeChunks.sourceId,
      updatedAt: sql<string>`max(${knowledgeChunks.sourceUpdatedAt})`.mapWith(
        (v: string | Date) => new Date(v),
      ),
    })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.sourceKind, source.kind))
    .groupBy(knowledgeChunks.sourceId);
  const storedAt = new Map(stored.map((r) => [r.id, r.updatedAt.getTime()]));
  const wantedIds = new Set(wanted.map((w) => w.id));
  const stale = wanted.filter((doc) => {
    const at = storedAt.get(doc.id);
    return at === undefined || at < doc.updatedAt.getTime();
  });
  let indexed = 0;
  // A transaction per batch, not per document: a first index of a large community (100,000
  // posts) spent most of its time committing. A batch that fails is indexed again document by
  // document, so one broken document costs only itself.
  for (let i = 0; i < stale.length; i += REFRESH_BATCH) {
    const batch = stale.slice(i, i + REFRESH_BATCH);
    try {
      await db().transaction(async (tx) => {
        for (const doc of batch) await indexDocument(tx, source, doc.id, now);
      });
      indexed += batch.length;
    } catch {
      for (const doc of batch) {
        try {
          await db().transaction((tx) => indexDocument(tx, source, doc.id, now));
          indexed++;
        } catch (error) {
          logger.error({ err: error, source: source.kind, id: doc.id }, "knowledge index failed");
        }
      }
    }
  }
  const gone = [...storedAt.keys()].filter((id) => !wantedIds.has(id));
  for (let i = 0; i < gone.length; i += 500)
    await db()
      .delete(knowledgeChunks)
      .where(
        and(
          eq(knowledgeChunks.sourceKind, source.kind),
          inArray(knowledgeChunks.sourceId, gone.slice(i, i + 500)),
        ),
      );
  return { indexed, removed: gone.length };
}

export async function refreshAll(now: Date = new Date()): Promise<void> {
  for (const source of SOURCES) await refreshSource(source, now);
}

/** Queues one refresh of every source for the job workers (the 5-minute task's work, now). */
export async function queueRefresh(): Promise<void> {
  await queueTask(db(), REFRESH_QUEUE, {});
}

/**
 * Queues a full rebuild (recorded as a run the admin screen follows) and audits who asked; while
 * one waits or runs, asking again returns that one.
 */
export async function startRebuild(actorId: string): Promise<string> {
  return db().transaction(async (tx) => {
    const [active] = await tx
      .select({ id: knowledgeRuns.id })
      .from(knowledgeRuns)
      .where(inArray(knowledgeRuns.status, ["queued", "running"]))
      .limit(1);
    if (active) return active.id;
    const [run] = await tx
      .insert(knowledgeRuns)
      .values({ status: "queued", requestedBy: actorId })
      .returning({ id: knowledgeRuns.id });
    await queueTask(tx, REBUILD_QUEUE, { runId: run!.id });
    await recordAudit(tx, {
      actorId,
      action: "knowledge-index.rebuild",
      targetType: "knowledge",
      targetId: run!.id,
      details: {},
    });
    return run!.id;
  });
}

/**
 * Rebuilds every source's passages, document by document, writing progress to the run as it
 * goes. A run already finished is not run again (pg-boss delivers at least once). A run
 * interrupted midway (a restart, a lost connection) resumes when pg-boss delivers it again: a
 * document whose passages were written since the run was requested — by this run's earlier
 * attempt, or by the event path or the refresh meanwhile — is current and counts as done
 * without being indexed again.
 */
export async function runRebuild(runId: string, now: Date = new Date()): Promise<void> {
  const [run] = await db().select().from(knowledgeRuns).where(eq(knowledgeRuns.id, runId));
  if (!run || run.status === "done" || run.status === "failed") return;
  const lists = [];
  for (const source of SOURCES) lists.push({ source, docs: await source.list(db(), now) });
  const total = lists.reduce((sum, l) => sum + l.docs.length, 0);
  const current = await currentSince(run.createdAt);
  await db()
    .update(knowledgeRuns)
    .set({ status: "running", total, done: 0, chunks: 0, errors: [] })
    .where(eq(knowledgeRuns.id, runId));
  const errors: Array<{ source: string; id: string; message: string }> = [];
  let done = 0;
  let chunks = 0;
  for (const { source, docs } of lists) {
    const ids = new Set(docs.map((d) => d.id));
    for (const doc of docs) {
      const kept = current.get(`${source.kind}:${doc.id}`);
      try {
        chunks += kept ?? (await db().transaction((tx) => indexDocument(tx, source, doc.id, now)));
      } catch (error) {
        logger.error({ err: error, source: source.kind, id: doc.id }, "knowledge index failed");
        if (errors.length < MAX_ERRORS)
          errors.push({
            source: source.kind,
            id: doc.id,
            message: error instanceof Error ? error.message.slice(0, 300) : String(error),
          });
      }
      done++;
      if (done % 10 === 0 || done === total)
        await db()
          .update(knowledgeRuns)
          .set({ done, chunks, errors })
          .where(eq(knowledgeRuns.id, runId));
    }
    // What the source no longer holds leaves the index.
    const stale = await db()
      .selectDistinct({ id: knowledgeChunks.sourceId })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceKind, source.kind));
    const gone = stale.map((s) => s.id).filter((id) => !ids.has(id));
    for (let i = 0; i < gone.length; i += 500)
      await db()
        .delete(knowledgeChunks)
        .where(
          and(
            eq(knowledgeChunks.sourceKind, source.kind),
            inArray(knowledgeChunks.sourceId, gone.slice(i, i + 500)),
          ),
        );
  }
  await db()
    .update(knowledgeRuns)
    .set({ status: "done", done, chunks, errors, finishedAt: new Date() })
    .where(eq(knowledgeRuns.id, runId));
}

/** Passages per document written at or after `since` (`kind:id` → count). */
async function currentSince(since: Date): Promise<Map<string, number>> {
  const rows = await db()
    .select({
      kind: knowledgeChunks.sourceKind,
      id: knowledgeChunks.sourceId,
      chunks: count(),
    })
    .from(knowledgeChunks)
    .where(gte(knowledgeChunks.updatedAt, since))
    .groupBy(knowledgeChunks.sourceKind, knowledgeChunks.sourceId);
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.chunks]));
}

export const rebuildTask = {
  queue: REBUILD_QUEUE,
  retry: { limit: 2, delaySeconds: 10, maxDelaySeconds: 60 },
  run: async (data: unknown, attempt: { last: boolean }) => {
    const runId = (data as { runId?: unknown } | null)?.runId;
    if (typeof runId !== "string") return;
    try {
      await runRebuild(runId);
    } catch (error) {
      logger.error({ err: error, runId }, "knowledge rebuild failed");
      if (attempt.last)
        await db()
          .update(knowledgeRuns)
          .set({
            status: "failed",
            finishedAt: new Date(),
            errors: [
              {
                source: "*",
                id: runId,
                message: error instanceof Error ? error.message.slice(0, 300) : String(error),
              },
            ],
          })
          .where(eq(knowledgeRuns.id, runId));
      throw error;
    }
  },
};

/** Every 5 minutes: pages and articles edited, articles whose publish time came, posts moved. */
export const refreshTask = {
  queue: REFRESH_QUEUE,
  cron: "*/5 * * * *",
  run: async () => {
    await refreshAll();
  },
};

export interface SourceStatus {
  kind: string;
  chunks: number;
  documents: number;
  lastUpdate: Date | null;
}

export async function indexStatus(): Promise<{
  sources: SourceStatus[];
  run: typeof knowledgeRuns.$inferSelect | null;
}> {
  const rows = await db()
    .select({
      kind: knowledgeChunks.sourceKind,
      chunks: sql<number>`count(*)::int`,
      documents: sql<number>`count(distinct ${knowledgeChunks.sourceId})::int`,
      lastUpdate: sql<string | null>`max(${knowledgeChunks.updatedAt})`,
    })
    .from(knowledgeChunks)
    .groupBy(knowledgeChunks.sourceKind);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const [run] = await db()
    .select()
    .from(knowledgeRuns)
    .orderBy(desc(knowledgeRuns.createdAt))
    .limit(1);
  return {
    sources: SOURCES.map((s) => {
      const r = byKind.get(s.kind);
      return {
        kind: s.kind,
        chunks: r?.chunks ?? 0,
        documents: r?.documents ?? 0,
        lastUpdate: r?.lastUpdate ? new Date(r.lastUpdate) : null,
      };
    }),
    run: run ?? null,
  };
}
