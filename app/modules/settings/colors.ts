export const DEFAULT_PRIMARY = "#8B5CF6";
export const DEFAULT_SECONDARY = "#64748b";

/** SPEC §5: a theme colour is exactly six hex digits, with or without a leading #. */
export function normalizeHex(value: string): string | null {
  const digits = /^#?([0-9a-f]{6})$/i.exec(value.trim())?.[1];
  return digits ? `#${digits.toLowerCase()}` : null;
}

/** "#8b5cf6" → "258 90% 66%" (hue, saturation, lightness), the form the CSS variables use. */
export function hexToHsl(value: string): string | null {
  const hex = normalizeHex(value);
  if (!hex) return null;
  const r = parseInt(hex.slice(1, 3), 16) / 255;
  const g = parseInt(hex.slice(3, 5), 16) / 255;
  const b = parseInt(hex.slice(5, 7), 16) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  return `${Math.round(h)} ${Math.round(s * 100)}% ${Math.round(l * 100)}%`;
}

/** The theme CSS variables rendered into the page; an invalid stored colour falls back to the default. */
export function themeCss(primary: string | undefined, secondary: string | undefined): string {
  const p = hexToHsl(primary ?? "") ?? hexToHsl(DEFAULT_PRIMARY)!;
  const s = hexToHsl(secondary ?? "") ?? hexToHsl(DEFAULT_SECONDARY)!;
  return `:root{--primary-hsl:${p};--secondary-hsl:${s};}`;
}
