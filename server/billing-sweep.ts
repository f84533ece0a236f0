import { runBillingSweep } from "#app/modules/payments/index.server";
import { logger } from "#app/lib/logger.server";

/** Renewals and period ends are checked this often (and once at start-up). */
const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Runs the billing sweep in this process now and then. Every process may run it: each step is
 * idempotent (deterministic payment ids, conditional updates), so two processes never charge twice.
 */
export function scheduleBillingSweep(): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await runBillingSweep();
    } catch (error) {
      logger.error({ err: error }, "billing sweep failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, SWEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
