import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { cn } from "#app/lib/cn";

// useLayoutEffect warns during server rendering; the measurements only exist in the browser.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

type Edges = { start: boolean; end: boolean };

/**
 * A row that scrolls sideways when its items do not fit (a tab bar on a phone), and shows it: the
 * edge with hidden items fades out under a chevron that scrolls on by most of a width, and the
 * current item (`aria-current`) is scrolled into view on every navigation. Without JavaScript it
 * is a plain scrolling row. Logical sides: in right-to-left the start is on the right.
 */
export function ScrollRow({
  children,
  className,
  fadeClassName = "from-background",
}: {
  children: ReactNode;
  className?: string;
  fadeClassName?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  const { pathname, search } = useLocation();

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    // scrollLeft runs 0 → hidden in LTR and 0 → -hidden in RTL: its size is the distance from the start.
    const fromStart = Math.abs(element.scrollLeft);
    const next = { start: fromStart > 1, end: fromStart < hidden - 1 };
    setEdges((current) =>
      current.start === next.start && current.end === next.end ? current : next,
    );
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  // The current item into view (by scrolling the row only, never the page), before paint.
  useBrowserLayoutEffect(() => {
    const element = scroller.current;
    const current = element?.querySelector<HTMLElement>("[aria-current]");
    if (!element || !current) return measure();
    const row = element.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    const inset = 32; // keep it clear of the fade
    if (item.left < row.left + inset) element.scrollLeft += item.left - row.left - inset;
    else if (item.right > row.right - inset) element.scrollLeft += item.right - row.right + inset;
    measure();
  }, [pathname, search, measure]);

  const scrollTowards = (side: keyof Edges) => {
    const element = scroller.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === "rtl";
    const forward = side === "end" ? 1 : -1;
    element.scrollBy({
      left: forward * (rtl ? -1 : 1) * element.clientWidth * 0.7,
      behavior: "smooth",
    });
  };

  return (
    <div className="relative">
      <div
        ref={scroller}
        onScroll={measure}
        className={cn("overflow-x-auto", className)}
        data-scroll-edges={[edges.start && "start", edges.end && "end"].filter(Boolean).join(" ")}
      >
        {children}
      </div>
      {(["start", "end"] as const).map((side) =>
        edges[side] ? (
          // A pointer shortcut only: keyboard users reach every item with Tab, which scrolls the row.
          <button
            key={side}
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`scroll-${side}`}
            onClick={() => scrollTowards(side)}
            className={cn(
              "absolute inset-y-0 flex w-12 items-center to-transparent text-muted-foreground hover:text-foreground",
              fadeClassName,
              side === "start"
                ? "start-0 justify-start ltr:bg-linear-to-r rtl:bg-linear-to-l"
                : "end-0 justify-end ltr:bg-linear-to-l rtl:bg-linear-to-r",
            )}
          >
            <Chevron side={side} />
          </button>
        ) : null,
      )}
    </div>
  );
}

function Chevron({ side }: { side: keyof Edges }) {
  const Icon = side === "start" ? ChevronLeft : ChevronRight;
  return <Icon className="size-4 rtl:-scale-x-100" aria-hidden="true" />;
}
