import {
  answerFromSite,
  retrieve,
  type KnowledgeHit,
  type KnowledgeViewer,
  type SiteAnswer,
} from "#app/modules/knowledge/index.server";

export type { KnowledgeHit, KnowledgeViewer, SiteAnswer };

/**
 * What the guide answers from (decision 061): the knowledge index's `retrieve` (sources for a
 * configured model) and `answerFromSite` (the built-in answer), both limited to what the viewer
 * may read. An interface, so tests can answer from fixed sources.
 */
export interface Knowledge {
  retrieve(
    query: string,
    viewer: KnowledgeViewer | null,
    options?: { limit?: number; language?: string },
  ): Promise<KnowledgeHit[]>;
  answerFromSite(
    query: string,
    viewer: KnowledgeViewer | null,
    language: string,
  ): Promise<SiteAnswer>;
}

export const siteKnowledge: Knowledge = { retrieve, answerFromSite };
