import { execFile } from "node:child_process";
import { rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { logger } from "#app/lib/logger.server";

/** How long one ffmpeg run may take before it is stopped (it reads only a file's head and one frame). */
const RUN_TIMEOUT_MS = 30_000;

let located: Promise<string | null> | undefined;

/** Runs ffmpeg with `args`; resolves with its stderr (where it reports) and exit code. */
function run(binary: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      { timeout: RUN_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, killSignal: "SIGKILL" },
      (error, _stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stderr: String(stderr) });
      },
    );
  });
}

/**
 * The ffmpeg binary: FFMPEG_PATH when set, the one the @ffmpeg-installer package ships for this
 * platform, else `ffmpeg` on the PATH; null when none runs (then videos have no poster or duration).
 */
export function ffmpegBinary(): Promise<string | null> {
  located ??= (async () => {
    const candidates: string[] = [];
    if (process.env.FFMPEG_PATH) candidates.push(process.env.FFMPEG_PATH);
    try {
      // Loaded at run time (not bundled): the package finds its binary beside itself.
      const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as {
        path: string;
      };
      candidates.push(installer.path);
    } catch {
      // No binary for this platform in the package.
    }
    candidates.push("ffmpeg");
    for (const candidate of candidates) {
      const { code } = await run(candidate, ["-hide_banner", "-version"]);
      if (code === 0) return candidate;
    }
    logger.info("no ffmpeg found: uploaded videos get no poster image and no duration");
    return null;
  })();
  return located;
}

/** Forgets the located binary (tests switch it off with FFMPEG_PATH). */
export function forgetFfmpeg(): void {
  located = undefined;
}

/** "Duration: 00:01:02.50" of ffmpeg's report, in whole seconds (rounded up), or null. */
export function parseDuration(report: string): number | null {
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds)) : null;
}

export interface VideoFacts {
  durationSeconds: number | null;
  /** The poster image written (JPEG), or null when no frame could be taken. */
  posterPath: string | null;
}

/**
 * The duration of the video at `videoPath` and a poster frame written to `posterPath` (JPEG, at
 * most 1280 px wide), taken a tenth into the video (at most 5 s in). Without ffmpeg, or when it
 * cannot read the file, the facts are null: a video without them still plays.
 */
export async function probeVideo(videoPath: string, posterPath: string): Promise<VideoFacts> {
  const binary = await ffmpegBinary();
  if (!binary) return { durationSeconds: null, posterPath: null };
  const probe = await run(binary, ["-hide_banner", "-nostdin", "-i", videoPath]);
  const durationSeconds = parseDuration(probe.stderr);
  const at = durationSeconds ? Math.min(5, durationSeconds / 10) : 0;
  const frame = await run(binary, [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-ss",
    at.toFixed(2),
    "-i",
    videoPath,
    "-frames:v",
    "1",
    "-vf",
    "scale='min(1280,iw)':-2",
    "-f",
    "image2",
    "-c:v",
    "mjpeg",
    posterPath,
  ]);
  const written = frame.code === 0 && (await stat(posterPath).catch(() => null))?.size;
  if (!written) {
    await rm(posterPath, { force: true });
    if (frame.code !== 0) logger.warn({ stderr: frame.stderr.slice(0, 500) }, "no poster frame");
  }
  return { durationSeconds, posterPath: written ? posterPath : null };
}
