import { Fragment } from "react";
import { ISOLATED } from "#app/lib/bidi";

/**
 * A translated sentence holding member-written values marked with `isolate()` (app/lib/bidi.ts),
 * as markup: each value in its own `<bdi>`, the invisible marks left out. Text elsewhere (a
 * document title, an accessible name) keeps the marks themselves, which do the same there.
 */
export function IsolatedText({ text }: { text: string }) {
  const parts = text.split(ISOLATED);
  if (parts.length === 1) return text;
  return parts.map((part, index) => (index % 2 === 1 ? <bdi key={index}>{part}</bdi> : <Fragment key={index}>{part}</Fragment>));
}
