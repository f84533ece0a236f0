import type { CSSProperties } from "react";
import { Toaster as Sonner, toast, type ToasterProps as SonnerProps } from "sonner";

export { toast };

export type ToasterProps = {
  /** Text direction of the page ("rtl" for Arabic); toasts and their close buttons follow it. */
  dir?: "ltr" | "rtl" | "auto";
  /** Accessible name of the notifications region (already translated). */
  label?: string;
  /** Accessible name of each toast's close button (already translated). */
  closeLabel?: string;
} & Omit<SonnerProps, "dir" | "position" | "richColors" | "closeButton" | "visibleToasts" | "duration" | "customAriaLabel">;

/*
 * Sonner's own palette, re-pointed at the theme. Its rich colours' default text shades are too
 * light for WCAG AA on their tinted backgrounds, so they are darkened here.
 */
const themeStyle = {
  "--width": "356px",
  "--border-radius": "var(--radius-lg)",
  "--normal-bg": "var(--color-popover)",
  "--normal-border": "var(--color-border)",
  "--normal-text": "var(--color-popover-foreground)",
  "--success-bg": "hsl(143 70% 96%)",
  "--success-border": "hsl(145 60% 80%)",
  "--success-text": "hsl(145 80% 22%)",
  "--info-bg": "hsl(208 100% 97%)",
  "--info-border": "hsl(221 80% 88%)",
  "--info-text": "hsl(215 80% 32%)",
  "--warning-bg": "hsl(45 100% 96%)",
  "--warning-border": "hsl(45 80% 78%)",
  "--warning-text": "hsl(28 90% 26%)",
  "--error-bg": "hsl(0 90% 97%)",
  "--error-border": "hsl(0 80% 88%)",
  "--error-text": "hsl(0 72% 36%)",
} as CSSProperties;

/**
 * The app's toast outlet (sonner): top-center, rich colours, close buttons, at most 3 visible,
 * 4 s each, 356 px wide. Show toasts with `toast.success(t("…"))` etc.
 */
export function Toaster({ dir, label, closeLabel, style, toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      position="top-center"
      richColors
      closeButton
      visibleToasts={3}
      duration={4000}
      dir={dir}
      customAriaLabel={label}
      style={{ ...themeStyle, ...style }}
      toastOptions={{
        ...toastOptions,
        closeButtonAriaLabel: closeLabel ?? toastOptions?.closeButtonAriaLabel,
        style: { fontFamily: "var(--font-sans)", fontSize: "0.875rem", ...toastOptions?.style },
      }}
      {...props}
    />
  );
}
