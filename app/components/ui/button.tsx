import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "#app/lib/cn";
import { Slot } from "./slot";

export const buttonVariants = cva(
  [
    "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap",
    "transition-[color,background-color,border-color,box-shadow,opacity] select-none",
    "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none",
    "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80",
        outline:
          "border border-input bg-card text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground",
        ghost: "text-foreground hover:bg-accent hover:text-accent-foreground",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 gap-1.5 px-3",
        lg: "h-11 px-6 text-base",
        icon: "size-10",
      },
      /**
       * A label that is a sentence ('Sign in to comment') wraps onto a second line where it does
       * not fit, instead of widening the page on a phone in a longer language.
       */
      wrap: { true: "h-auto min-h-9 max-w-full py-2 text-center whitespace-normal" },
    },
    compoundVariants: [{ variant: "link", className: "h-auto px-0 py-0" }],
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child element (a link, a form submit…) with the button's styles instead of a <button>. */
    asChild?: boolean;
  };

/** A button; with `asChild` it styles its only child (e.g. `<Link>`) instead. No text of its own. */
export function Button({ className, variant, size, wrap, asChild = false, ...props }: ButtonProps) {
  if (asChild) {
    return (
      <Slot
        data-slot="button"
        className={cn(buttonVariants({ variant, size, wrap }), className)}
        {...props}
      />
    );
  }
  return (
    <button
      data-slot="button"
      className={cn(buttonVariants({ variant, size, wrap }), className)}
      {...props}
    />
  );
}
