import { logger } from "#app/lib/logger.server";
import { sweepUnattachedMedia } from "./media-files.server";
import { removeStagedUpload } from "./uploads.server";

export const MEDIA_SWEEP_QUEUE = "media.unattached-sweep";

/**
 * Uploads no feature adopted within a day (an abandoned form, an upload never finished) are
 * deleted with their bytes every hour, as a pg-boss recurring job like the billing sweep: one run
 * per occurrence across every worker process. Deleting is idempotent, so a job run twice changes
 * nothing more.
 */
export const mediaSweepTask = {
  queue: MEDIA_SWEEP_QUEUE,
  cron: "17 * * * *",
  run: async () => {
    try {
      const swept = await sweepUnattachedMedia(new Date(), removeStagedUpload);
      if (swept > 0) logger.info({ swept }, "unattached media files swept");
    } catch (error) {
      logger.error({ err: error }, "media sweep failed");
      throw error;
    }
  },
};
