import { cn } from "#app/lib/cn";

/**
 * The admin tables (members, subscriptions, transactions) under 640 px: each row becomes a card
 * of "label — value" lines (the label comes from the cell's data-label), so nothing scrolls
 * sideways or wraps a word letter by letter on a phone.
 */
export const stackTable = {
  table: "w-full text-sm max-sm:block",
  head: "bg-muted max-sm:hidden",
  body: "max-sm:block",
  row: "border-t border-border align-middle max-sm:block max-sm:px-3 max-sm:py-2 max-sm:first:border-t-0",
};

/** A body cell of a stacking table; `label` is its column's name, shown before it on phones. */
export function Td({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <td
      data-label={label ?? ""}
      className={cn(
        "px-3 py-2",
        "max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-end",
        "max-sm:before:shrink-0 max-sm:before:text-start max-sm:before:text-xs max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]",
        className,
      )}
    >
      <div className="min-w-0">{children}</div>
    </td>
  );
}

/** Column header cell of a stacking table. */
export function Th({ children, className }: { children?: React.ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn("px-3 py-2 text-start font-medium whitespace-nowrap", className)}>
      {children}
    </th>
  );
}
