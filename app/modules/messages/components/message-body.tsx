import { Fragment } from "react";

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/giu;
/** Punctuation that usually ends a sentence rather than a link. */
const TRAILING = /[.,;:!?)\]}'"]+$/u;

/** Splits plain text into text and http(s) links. Nothing else ever becomes markup. */
export function linkify(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = url.match(TRAILING)?.[0] ?? "";
    if (trailing) url = url.slice(0, -trailing.length);
    let href: string | undefined;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") href = parsed.href;
    } catch {
      href = undefined;
    }
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/**
 * A message body as plain text: React escapes it, newlines are kept by `whitespace-pre-wrap`, and
 * http(s) addresses become links that open in a new tab without access to this page.
 */
export function MessageBody({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ?? "break-words whitespace-pre-wrap"} dir="auto">
      {linkify(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="underline underline-offset-2"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
