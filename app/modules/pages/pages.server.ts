import { asc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { pages } from "./schema";

/** The informational pages and the paths that show them. */
export const PAGE_PATHS: Record<string, string> = {
  about: "/about",
  privacy: "/privacy",
  terms: "/terms",
  refunds: "/refunds",
  help: "/help",
  "help-guidelines": "/help/guidelines",
  faq: "/faq",
};

export interface Page {
  slug: string;
  title: string;
  body: string;
  updatedAt: Date;
}

export async function getPage(slug: string): Promise<Page | undefined> {
  const [row] = await db()
    .select({ slug: pages.slug, title: pages.title, body: pages.body, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  return row;
}

export async function listPages(): Promise<Page[]> {
  return db()
    .select({ slug: pages.slug, title: pages.title, body: pages.body, updatedAt: pages.updatedAt })
    .from(pages)
    .orderBy(asc(pages.slug));
}

export async function savePage(
  actorId: string,
  slug: string,
  input: { title: string; body: string },
): Promise<void> {
  await db().transaction(async (tx) => {
    const updated = await tx
      .update(pages)
      .set({ title: input.title, body: input.body, updatedAt: new Date(), updatedBy: actorId })
      .where(eq(pages.slug, slug))
      .returning({ slug: pages.slug });
    if (updated.length === 0) throw new Error(`No page ${slug}`);
    await recordAudit(tx, {
      actorId,
      action: "page.update",
      targetType: "page",
      targetId: slug,
      details: { title: input.title, length: input.body.length },
    });
  });
}
