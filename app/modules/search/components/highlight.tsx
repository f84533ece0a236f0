import { highlightParts } from "../text";

/** `text` with the term's words marked (<mark>), for titles and excerpts of results. */
export function Highlight({ text, term }: { text: string; term: string }) {
  return (
    <>
      {highlightParts(text, term).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-primary/15 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
