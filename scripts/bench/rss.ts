import { readFileSync } from "node:fs";

export interface RssSampler {
  /** Highest resident set size seen, in bytes (0 before the first sample). */
  readonly maxBytes: number;
  /** The phase the highest sample was taken in. */
  readonly maxPhase: string;
  /** Resident set size at start, before any load. */
  readonly startBytes: number;
  readonly samples: number;
  /** Names what the server is doing now, so the peak can be attributed. */
  phase: string;
  stop(): void;
}

/**
 * Samples a process's VmRSS from /proc/<pid>/status (Linux) every `everyMs`. Reading the kernel's
 * figure from outside costs the server nothing and sees all of its memory, native buffers included.
 */
export function sampleRss(pid: number, everyMs = 200): RssSampler {
  let samples = 0;
  const read = (): number | null => {
    try {
      const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      return match ? Number(match[1]) * 1024 : null;
    } catch {
      return null; // The process has exited (or there is no /proc): no sample.
    }
  };
  const sampler = {
    maxBytes: 0,
    maxPhase: "",
    startBytes: read() ?? 0,
    phase: "start",
    get samples() {
      return samples;
    },
    stop: () => clearInterval(timer),
  };
  const timer = setInterval(() => {
    const bytes = read();
    if (bytes === null) return;
    samples += 1;
    if (bytes > sampler.maxBytes) {
      sampler.maxBytes = bytes;
      sampler.maxPhase = sampler.phase;
    }
  }, everyMs);
  timer.unref();
  return sampler;
}
