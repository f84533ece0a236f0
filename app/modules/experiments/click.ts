/** Where the page reports a click on a tested element; the server reads the variant itself. */
export const EXPERIMENT_CLICK_PATH = "/api/ab-tests/click";

/** Sends a click without holding up the navigation it starts (sendBeacon survives the unload). */
export function trackExperimentClick(testId: string): void {
  const body = new URLSearchParams({ testId });
  try {
    if (navigator.sendBeacon?.(EXPERIMENT_CLICK_PATH, body)) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(EXPERIMENT_CLICK_PATH, { method: "POST", body, keepalive: true }).catch(() => {});
}
