import { z } from "zod";

/** The content indexer screen's one command. */
export const indexerActionSchema = z.object({
  intent: z.literal("rebuild", "admin.contentIndexer.badIntent"),
});
