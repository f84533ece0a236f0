import { logger } from "#app/lib/logger.server";
import { now } from "./clock";
import { runBillingSweep } from "./membership.server";

export const BILLING_SWEEP_QUEUE = "payments.billing-sweep";

/**
 * Renewals, endings and lapsed cancellations (runBillingSweep) every five minutes, as a pg-boss
 * recurring job: one run per occurrence across every worker process, none in a web process
 * started with WORKERS=0. The sweep is idempotent, so a job run twice changes nothing more. A
 * failed run is retried; the next occurrence comes five minutes later in any case.
 */
export const billingSweepTask = {
  queue: BILLING_SWEEP_QUEUE,
  cron: "*/5 * * * *",
  run: async () => {
    try {
      await runBillingSweep(now());
    } catch (error) {
      logger.error({ err: error }, "billing sweep failed");
      throw error;
    }
  },
};
