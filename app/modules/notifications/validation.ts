import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { sameSitePath } from "#app/lib/safe-redirect";
import { NOTIFICATION_TABS } from "./tabs";

/** A same-site path to go to after marking read; anything else is dropped (no open redirect). */
const localPath = z.unknown().transform((value) => sameSitePath(value) ?? undefined);

export const notificationActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("read"), id: idSchema, redirectTo: localPath }),
    z.object({ intent: z.literal("read-all"), tab: z.enum(NOTIFICATION_TABS).catch("all") }),
  ],
  "errors.badRequest",
);
