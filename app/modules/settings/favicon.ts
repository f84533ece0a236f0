export const DEFAULT_FAVICON = "/favicon.png";

/**
 * SPEC §5: an empty favicon URL, or one naming 'lovable' or 'favicon.ico', becomes /favicon.png.
 * `version` (the setting's update time) is appended so browsers fetch a changed icon at once.
 */
export function faviconHref(url: string | null | undefined, version?: string | number): string {
  const raw = (url ?? "").trim();
  const base =
    !raw || raw.includes("lovable") || raw.includes("favicon.ico") ? DEFAULT_FAVICON : raw;
  if (version === undefined || version === "") return base;
  return `${base}${base.includes("?") ? "&" : "?"}v=${encodeURIComponent(String(version))}`;
}
