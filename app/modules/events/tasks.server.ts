import { messageEmailTask, reminderTask } from "#app/modules/coven-events/index.server";

/**
 * Scheduled work that is not a reaction to a domain event: a queue of its own whose jobs are
 * sent with `startAfter` (a reminder an hour before an event) and a function that runs one.
 * A job may run more than once (pg-boss delivers at least once): `run` keeps its effect to one.
 */
export interface Task {
  queue: string;
  run(data: unknown): Promise<void>;
}

/** Every task queue; startJobs creates and works them, drainJobs runs the due ones in tests. */
export const TASKS: readonly Task[] = [reminderTask, messageEmailTask];
