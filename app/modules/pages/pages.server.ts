import { and, asc, eq } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import { landingText, type LandingContent } from "./landing";
import { pages } from "./schema";

/** The landing pages (decision 047) and the paths that show them: each one's slug is its path. */
export const LANDING_SLUGS = [
  "free-courses",
  "tutorials-landing",
  "tutorials",
  "archangels-landing",
  "ankh-ta-duat",
  "sacred-oils",
] as const;

/** The pages and the paths that show them. */
export const PAGE_PATHS: Record<string, string> = {
  about: "/about",
  privacy: "/privacy",
  terms: "/terms",
  refunds: "/refunds",
  help: "/help",
  "help-guidelines": "/help/guidelines",
  faq: "/faq",
  ...Object.fromEntries(LANDING_SLUGS.map((slug) => [slug, `/${slug}`])),
};

export interface Page {
  slug: string;
  kind: "info" | "landing";
  title: string;
  body: string;
  /** The landing kind's content; null for an informational page. */
  landing: LandingContent | null;
  updatedAt: Date;
}

const columns = {
  slug: pages.slug,
  kind: pages.kind,
  title: pages.title,
  body: pages.body,
  landing: pages.landing,
  updatedAt: pages.updatedAt,
};

export async function getPage(slug: string): Promise<Page | undefined> {
  const [row] = await db().select(columns).from(pages).where(eq(pages.slug, slug)).limit(1);
  return row;
}

export async function listPages(): Promise<Page[]> {
  return db().select(columns).from(pages).orderBy(asc(pages.slug));
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
      // A landing page keeps its structure: only saveLandingPage writes one.
      .where(and(eq(pages.slug, slug), eq(pages.kind, "info")))
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

/**
 * Saves a landing page's hero, sections and calls to action (validated by landingSchema); `body`
 * becomes their text, so site search finds the page like an informational one. Audited.
 */
export async function saveLandingPage(
  actorId: string,
  slug: string,
  input: { title: string; content: LandingContent },
): Promise<void> {
  const body = landingText(input.content);
  await db().transaction(async (tx) => {
    const updated = await tx
      .update(pages)
      .set({
        title: input.title,
        body,
        landing: input.content,
        updatedAt: new Date(),
        updatedBy: actorId,
      })
      .where(eq(pages.slug, slug))
      .returning({ kind: pages.kind });
    if (updated[0]?.kind !== "landing") throw new Error(`No landing page ${slug}`);
    await recordAudit(tx, {
      actorId,
      action: "page.update",
      targetType: "page",
      targetId: slug,
      details: {
        title: input.title,
        sections: input.content.sections.length,
        ctas: input.content.ctas.map((c) => c.path),
        length: body.length,
      },
    });
  });
}
