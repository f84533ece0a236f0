import { useEffect, type CSSProperties } from "react";
import { Toaster as Sonner, toast } from "sonner";
import type { ToasterProps } from "./toaster";

/*
 * The sonner outlet behind ./toaster.tsx, downloaded with the first toast. Show toasts with
 * `toast` from ./toaster.tsx, never from sonner or here.
 */

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
 * Toasts start just below the sticky header (4rem), never over its search box, bell or menu.
 * On phones sonner spans the width, with this same gap.
 */
const BELOW_HEADER = { top: "calc(4rem + 0.75rem)" };

/**
 * The app's toast outlet (sonner): top-center below the header, rich colours, close buttons, at
 * most 3 visible, 4 s each, 356 px wide. `onReady` receives sonner's `toast` once the outlet listens for toasts
 * (after sonner's own effects, which run first as it is a child) and `undefined` when it goes.
 */
export function Toaster({
  dir,
  label,
  closeLabel,
  style,
  toastOptions,
  onReady,
  ...props
}: ToasterProps & { onReady: (show: typeof toast | undefined) => void }) {
  useEffect(() => {
    onReady(toast);
    return () => onReady(undefined);
  }, [onReady]);
  return (
    <Sonner
      position="top-center"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
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
