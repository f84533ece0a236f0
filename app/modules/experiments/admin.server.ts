import { eq } from "drizzle-orm";
import { db, type Db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import type { ExperimentStatus, ExperimentVariant } from "./policy";
import { abTests } from "./schema";

/** What an admin may change of a test; the variant keys are the renderings and stay. */
export interface ExperimentEdit {
  testId: string;
  name: string;
  description: string;
  startDate: Date;
  status: ExperimentStatus;
  variants: ExperimentVariant[];
}

export type ExperimentChange = "ok" | "missing" | "variants";

async function current(tx: Db, testId: string) {
  const [row] = await tx.select().from(abTests).where(eq(abTests.id, testId)).for("update");
  return row;
}

/** Saves an admin's edit of a test (audited). The variants must be the test's own keys. */
export async function updateExperiment(
  actorId: string,
  edit: ExperimentEdit,
): Promise<ExperimentChange> {
  return db().transaction(async (tx) => {
    const before = await current(tx as unknown as Db, edit.testId);
    if (!before) return "missing";
    const keys = (list: ExperimentVariant[]) => list.map((v) => v.key).join(",");
    if (keys(before.variants) !== keys(edit.variants)) return "variants";
    // Active or paused again: a shipped winner no longer applies.
    const winner = edit.status === "completed" ? before.winner : null;
    await tx
      .update(abTests)
      .set({
        name: edit.name,
        description: edit.description,
        startDate: edit.startDate,
        status: edit.status,
        variants: edit.variants,
        winner,
        updatedAt: new Date(),
      })
      .where(eq(abTests.id, edit.testId));
    await recordAudit(tx as unknown as Db, {
      actorId,
      action: "abtest.update",
      targetType: "ab_test",
      targetId: edit.testId,
      details: {
        before: { name: before.name, status: before.status, variants: before.variants },
        after: { name: edit.name, status: edit.status, variants: edit.variants },
      },
    });
    return "ok";
  });
}

/**
 * Ends a test: with `winner`, that variant is shipped to everyone; without, everyone gets the
 * control (SPEC §4: inactive tests show A).
 */
export async function stopExperiment(
  actorId: string,
  testId: string,
  winner: string | null,
): Promise<ExperimentChange> {
  return db().transaction(async (tx) => {
    const before = await current(tx as unknown as Db, testId);
    if (!before) return "missing";
    if (winner && !before.variants.some((v) => v.key === winner)) return "variants";
    await tx
      .update(abTests)
      .set({ status: "completed", winner, updatedAt: new Date() })
      .where(eq(abTests.id, testId));
    await recordAudit(tx as unknown as Db, {
      actorId,
      action: winner ? "abtest.ship" : "abtest.stop",
      targetType: "ab_test",
      targetId: testId,
      details: { before: { status: before.status, winner: before.winner }, after: { winner } },
    });
    return "ok";
  });
}
