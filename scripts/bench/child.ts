import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

const TAIL_BYTES = 16_384;

/** A child process whose recent output is kept for error messages, and that can be stopped once. */
export interface Child {
  process: ChildProcess;
  pid: number;
  /** The last few kilobytes of its stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions & { echo?: boolean } = {},
): Child {
  const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error(`Could not start ${command}.`);
  let tail = "";
  const keep = (chunk: Buffer) => {
    if (options.echo) process.stdout.write(chunk);
    tail = (tail + chunk.toString("utf8")).slice(-TAIL_BYTES);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  let stopping: Promise<void> | undefined;
  return {
    process: child,
    pid: child.pid,
    output: () => tail,
    exited,
    stop: (graceMs = 15_000) =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      })()),
  };
}

/** Waits until `url` answers 200, failing early if the child exits or after `timeoutMs`. */
export async function waitUntilReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(
        `The process exited (code ${exitCode}) before it was ready:\n${child.output()}`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Not ready after ${timeoutMs / 1000} s (${url}):\n${child.output()}`);
}

/** Runs a command to completion with its output shown; rejects on a non-zero exit. */
export function runToCompletion(
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`}).`)),
    );
  });
}
