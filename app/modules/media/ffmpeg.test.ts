import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpegBinary, forgetFfmpeg, parseDuration, probeVideo } from "./ffmpeg.server";
import { sniffMediaType } from "./sniff.server";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sanctuary-ffmpeg-"));
});
afterAll(async () => {
  delete process.env.FFMPEG_PATH;
  forgetFfmpeg();
  await rm(folder, { recursive: true, force: true });
});

describe("reading a video's duration", () => {
  it("rounds ffmpeg's report to whole seconds, at least one", () => {
    expect(parseDuration("  Duration: 00:00:02.00, start: 0.000000, bitrate: 19 kb/s")).toBe(2);
    expect(parseDuration("Duration: 01:02:03.60,")).toBe(3724);
    expect(parseDuration("Duration: 00:00:00.20,")).toBe(1);
    expect(parseDuration("Duration: N/A, bitrate: N/A")).toBeNull();
    expect(parseDuration("")).toBeNull();
  });
});

describe("the type of a file by its bytes", () => {
  it("knows the fixtures and refuses what only claims to be a video", async () => {
    const fixture = (name: string) => readFile(path.resolve("tests/fixtures/media", name));
    expect(sniffMediaType(await fixture("tiny.webm"))).toBe("video/webm");
    expect(sniffMediaType(await fixture("tiny.mp4"))).toBe("video/mp4");
    const box = (brand: string) =>
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from(`ftyp${brand}`, "latin1"),
        Buffer.alloc(16),
      ]);
    expect(sniffMediaType(box("qt  "))).toBe("video/quicktime");
    expect(sniffMediaType(box("isom"))).toBe("video/mp4");
    // Still images and audio in the same container are not videos.
    expect(sniffMediaType(box("avif"))).toBeNull();
    expect(sniffMediaType(box("M4A "))).toBe("audio/mp4");
    expect(sniffMediaType(Buffer.from("%PDF-1.7\n"))).toBe("application/pdf");
    // Ogg with a sound stream is a sound; with something unknown, nothing.
    expect(
      sniffMediaType(Buffer.from("OggS\0\x02" + "\0".repeat(22) + "\x1e\x01vorbis", "latin1")),
    ).toBe("audio/ogg");
    expect(
      sniffMediaType(Buffer.from("OggS\0\x02" + "\0".repeat(22) + "\x13OpusHead", "latin1")),
    ).toBe("audio/ogg");
    expect(
      sniffMediaType(Buffer.from("OggS\0\x02" + "\0".repeat(22) + "\x01\x1eunknown", "latin1")),
    ).toBeNull();
    expect(
      sniffMediaType(Buffer.from("OggS\0\x02" + "\0".repeat(22) + "\x80theora", "latin1")),
    ).toBe("video/ogg");
    // A Matroska file that is not WebM.
    expect(
      sniffMediaType(
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...Buffer.from("matroska")]),
      ),
    ).toBeNull();
    expect(sniffMediaType(Buffer.from("<html><script>alert(1)</script>"))).toBeNull();
    // Downloads of lessons: e-books, archives and sounds.
    const zipEntry = (name: string, body: string) =>
      Buffer.concat([
        Buffer.from("PK\x03\x04", "latin1"),
        Buffer.alloc(22),
        Buffer.from([name.length, 0, 0, 0]),
        Buffer.from(name + body, "latin1"),
      ]);
    expect(sniffMediaType(zipEntry("mimetype", "application/epub+zip"))).toBe(
      "application/epub+zip",
    );
    expect(sniffMediaType(zipEntry("notes.txt", "hello"))).toBe("application/zip");
    expect(sniffMediaType(Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1"))).toBe("audio/wav");
    expect(sniffMediaType(Buffer.from("RIFF\0\0\0\0AVI LIST", "latin1"))).toBeNull();
    expect(sniffMediaType(Buffer.from("fLaC\0\0\0\x22", "latin1"))).toBe("audio/flac");
    expect(sniffMediaType(Buffer.from("ID3\x04\0\0\0\0\0\0", "latin1"))).toBe("audio/mpeg");
    expect(sniffMediaType(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe("audio/mpeg");
    expect(sniffMediaType(Buffer.from([0xff, 0xff, 0xff, 0xff]))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
  });
});

describe("probing a video with ffmpeg", () => {
  it("reads the duration and writes a JPEG poster frame", async (context) => {
    if (!(await ffmpegBinary())) context.skip();
    const poster = path.join(folder, "poster.jpg");
    const facts = await probeVideo(path.resolve("tests/fixtures/media/tiny.webm"), poster);
    expect(facts.durationSeconds).toBe(2);
    expect(facts.posterPath).toBe(poster);
    expect((await readFile(poster)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("gives no facts, and no error, for bytes ffmpeg cannot read", async () => {
    const junk = path.join(folder, "junk.mp4");
    await writeFile(junk, "not a video");
    expect(await probeVideo(junk, path.join(folder, "junk.jpg"))).toEqual({
      durationSeconds: null,
      posterPath: null,
    });
  });

  it("without ffmpeg (FFMPEG_PATH=off), gives no facts and no error", async () => {
    process.env.FFMPEG_PATH = "off";
    forgetFfmpeg();
    try {
      expect(await ffmpegBinary()).toBeNull();
      const poster = path.join(folder, "none.jpg");
      expect(await probeVideo(path.resolve("tests/fixtures/media/tiny.webm"), poster)).toEqual({
        durationSeconds: null,
        posterPath: null,
      });
    } finally {
      delete process.env.FFMPEG_PATH;
      forgetFfmpeg();
    }
  });

  it("skips an FFMPEG_PATH that does not run for the next candidate", async (context) => {
    process.env.FFMPEG_PATH = path.join(folder, "no-such-ffmpeg");
    forgetFfmpeg();
    try {
      const binary = await ffmpegBinary();
      if (!binary) context.skip();
      expect(binary).not.toBe(process.env.FFMPEG_PATH);
    } finally {
      delete process.env.FFMPEG_PATH;
      forgetFfmpeg();
    }
  });
});
