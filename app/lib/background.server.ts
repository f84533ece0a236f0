import { logger } from "#app/lib/logger.server";

/*
 * Work done after the response, in this process, one task at a time: e-mail that must neither
 * hold up a request nor show in its timing. This is the seam for a durable job queue: until it
 * comes, a task still queued when the process stops is lost (a member asks for a link again).
 */
let tail: Promise<void> = Promise.resolve();
let pending = 0;

/** Queues `task`; it starts after the current request's work has yielded, never inside it. */
export function runInBackground(name: string, task: () => Promise<void>): void {
  pending += 1;
  tail = tail
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(task)
    .catch((error: unknown) => {
      logger.error({ err: error, task: name }, "background task failed");
    })
    .finally(() => {
      pending -= 1;
    });
}

/** Resolves once every task queued so far has run (tests; a stopping process). */
export function backgroundIdle(): Promise<void> {
  return tail;
}

/** How many tasks are queued or running. */
export function backgroundPending(): number {
  return pending;
}
