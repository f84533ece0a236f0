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

/**
 * The type the bytes really are, from their signature (the name and the browser's claim are only
 * claims): MP4/MOV (ISO base media `ftyp` box; brand `qt  ` is QuickTime), WebM (EBML header with
 * doc type "webm"), Ogg carrying a Theora video stream, the images the site shows, and PDF.
 */
export function sniffMediaType(bytes: Buffer): MediaType | null {
  const image = sniffImageType(bytes);
  if (image) return image;
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString("latin1") === "%PDF-")
    return "application/pdf";
  if (bytes.length >= 12 && bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    const brand = bytes.subarray(8, 12).toString("latin1");
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
    return bytes.subarray(0, 512).includes(Buffer.from("\x80theora", "latin1"))
      ? "video/ogg"
      : null;
  }
  return null;
}
