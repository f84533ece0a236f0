import { Fragment, type ReactNode } from "react";
import { ISOLATED } from "#app/lib/bidi";

/**
 * A translated sentence holding member-written values marked with `isolate()` (app/lib/bidi.ts),
 * as markup: each value in its own `<bdi>` (or what `value` makes of it, e.g. a link around the
 * `<bdi>`), the invisible marks left out. Text elsewhere (a document title, an accessible name)
 * keeps the marks themselves, which do the same there.
 */
export function IsolatedText({
  text,
  value,
}: {
  text: string;
  value?: (isolated: ReactNode, index: number) => ReactNode;
}) {
  const parts = text.split(ISOLATED);
  if (parts.length === 1) return text;
  return parts.map((part, index) => {
    if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
    const isolated = <bdi>{part}</bdi>;
    return <Fragment key={index}>{value ? value(isolated, index) : isolated}</Fragment>;
  });
}
