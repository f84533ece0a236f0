import type { MediaType } from "./purposes";
import { sniffImageType } from "./remote-image.server";

/** How many leading bytes `sniffMediaType` needs at most. */
export const SNIFF_BYTES = 4096;

/** ISO BMFF brands (the `ftyp` box) of still images and audio: not videos, whatever the box says. */
const NOT_VIDEO_BRANDS = new Set([
  "avif",
  "avis",
  "heic",
  "heix",
  "hevc",
  "mif1",
  "msf1",
  "M4A ",
  "M4B ",
  "F4A ",
]);

/** ISO BMFF brands of audio files (AAC/ALAC in MP4: .m4a, .m4b). */
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "F4A "]);

/**
 * The type the bytes really are, from their signature (the name and the browser's claim are only
 * claims): MP4/MOV (ISO base media `ftyp` box; brand `qt  ` is QuickTime), WebM (EBML header with
 * doc type "webm"), Ogg carrying a Theora video stream, the images the site shows, PDF, EPUB (a ZIP
 * whose first entry is the stored `mimetype` file), other ZIP archives, and sounds (MP3, Ogg
 * Vorbis/Opus/FLAC, WAV, FLAC, M4A).
 */
export function sniffMediaType(bytes: Buffer): MediaType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString("latin1") === "%PDF-")
    return "application/pdf";
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    const brand = bytes.subarray(8, 12).toString("latin1");
    if (AUDIO_BRANDS.has(brand)) return "audio/mp4";
    if (NOT_VIDEO_BRANDS.has(brand)) return null;
    return brand === "qt  " ? "video/quicktime" : "video/mp4";
  }
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    // The doc type element (0x42 0x82) sits in the EBML header, within its first bytes.
    const header = bytes.subarray(0, 64);
    const at = header.indexOf(Buffer.from([0x42, 0x82]));
    if (at >= 0 && header.subarray(at + 3, at + 7).toString("latin1") === "webm")
      return "video/webm";
    return null;
  }
  if (bytes.length >= 4 && bytes.subarray(0, 4).toString("latin1") === "OggS") {
    // The first page's first packet names the codec: "\x80theora" for a video stream.
    const first = bytes.subarray(0, 512);
    if (first.includes(Buffer.from("\x80theora", "latin1"))) return "video/ogg";
    const audio = ["\x01vorbis", "OpusHead", "\x7fFLAC"].some((codec) =>
      first.includes(Buffer.from(codec, "latin1")),
    );
    return audio ? "audio/ogg" : null;
  }
  return sniffArchiveOrAudio(bytes);
}

function sniffArchiveOrAudio(bytes: Buffer): MediaType | null {
  const head = (from: number, to: number) => bytes.subarray(from, to).toString("latin1");
  if (bytes.length >= 4 && (head(0, 4) === "PK\x03\x04" || head(0, 4) === "PK\x05\x06")) {
    // An EPUB's first entry is the uncompressed file "mimetype" holding its type (OCF 3.0 §4.3).
    return head(30, 58) === "mimetypeapplication/epub+zip"
      ? "application/epub+zip"
      : "application/zip";
  }
  if (bytes.length >= 12 && head(0, 4) === "RIFF" && head(8, 12) === "WAVE") return "audio/wav";
  if (bytes.length >= 4 && head(0, 4) === "fLaC") return "audio/flac";
  if (bytes.length >= 3 && head(0, 3) === "ID3") return "audio/mpeg";
  // An MPEG audio frame header: 11 sync bits, a known version and a layer (III for MP3).
  if (bytes.length >= 4 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) {
    const version = (bytes[1]! >> 3) & 3;
    const layer = (bytes[1]! >> 1) & 3;
    const bitrate = bytes[2]! >> 4;
    if (version !== 1 && layer !== 0 && bitrate !== 0xf) return "audio/mpeg";
  }
  return null;
}
