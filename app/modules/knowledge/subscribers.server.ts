import { subscribe } from "#app/modules/events/index.server";
import { indexDocument } from "./indexer.server";
import { sourceOf } from "./sources.server";

/** A published post (or one a moderator approved) is in the guide's index within seconds. */
export const knowledgeSubscribers = [
  subscribe("post.published", "knowledge", async (tx, event) => {
    await indexDocument(tx, sourceOf("post")!, event.postId);
  }),
];
