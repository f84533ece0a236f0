/** "12.5 MB": a size as people read it, in the page's language. */
export function formatSize(bytes: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

const KINDS: Record<string, string> = {
  "application/pdf": "PDF",
  "application/epub+zip": "EPUB",
  "application/zip": "ZIP",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "audio/mpeg": "MP3",
  "audio/ogg": "Ogg",
  "audio/wav": "WAV",
  "audio/flac": "FLAC",
  "audio/mp4": "M4A",
  "video/mp4": "MP4",
  "video/webm": "WebM",
  "video/ogg": "Ogg",
  "video/quicktime": "MOV",
};

/** The format's own name ("PDF", "MP3"), the same in every language. */
export const fileKind = (contentType: string): string =>
  KINDS[contentType] ?? contentType.split("/").pop()?.toUpperCase() ?? contentType;
