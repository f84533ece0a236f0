import sanitizeHtml from "sanitize-html";
import { proxiedImageSrc } from "#app/modules/media/index.server";
import { DIRECTIONAL_BLOCKS, markdownToHtml } from "./markdown";

const AUTO_DIRECTION = { name: "dir", values: ["auto"] };
const withDirection = (attributes: string[] = []) => [...attributes, AUTO_DIRECTION];

/** Every element and attribute micromark and its GitHub extensions produce; nothing else. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "a",
    "img",
    "ul",
    "ol",
    "li",
    "input",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
    "section",
  ],
  allowedAttributes: {
    a: [
      "href",
      "title",
      "target",
      "rel",
      "id",
      "aria-describedby",
      "aria-label",
      "data-footnote-ref",
      "data-footnote-backref",
    ],
    img: ["src", "alt", "title"],
    input: ["type", "checked", "disabled"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
    section: ["class", "data-footnotes"],
    // dir="auto" only, on the blocks markdownToHtml marks.
    ...Object.fromEntries(
      DIRECTIONAL_BLOCKS.map((tag) => [
        tag,
        withDirection({ ol: ["start"], li: ["id"], h2: ["id", "class"] }[tag]),
      ]),
    ),
  },
  allowedSchemes: ["http", "https", "mailto", "irc", "ircs", "xmpp"],
  // Images come from this site only: our own paths and the image proxy (`proxiedImageSrc`).
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
};

/**
 * Rendered pages repeat the same texts (a thread's comments on every view): keep the most recently
 * used ones, up to about 16 MB of source and HTML (JavaScript strings take two bytes a character).
 */
const CACHE_CHARACTERS = 8_000_000;
const cache = new Map<string, string>();
let cachedCharacters = 0;

/**
 * Stored Markdown as HTML that is safe to insert into a page: micromark's output (already safe,
 * see `markdownToHtml`) passes an allow-list as well, so a parser bug cannot become stored XSS.
 * Remote images are served through the signed same-origin image proxy, so no page points a
 * reader's browser at a third-party host.
 * Results are memoised, least recently used out first, since rendering is the costliest part of
 * a long thread and a text renders the same way every time.
 */
export function renderMarkdown(source: string): string {
  const known = cache.get(source);
  if (known !== undefined) {
    // Map keeps insertion order: moving the text to the end makes it the most recently used.
    cache.delete(source);
    cache.set(source, known);
    return known;
  }
  const rendered = sanitizeHtml(markdownToHtml(source, proxiedImageSrc), ALLOWED);
  cache.set(source, rendered);
  cachedCharacters += source.length + rendered.length;
  for (const [oldest, html] of cache) {
    if (cachedCharacters <= CACHE_CHARACTERS) break;
    cache.delete(oldest);
    cachedCharacters -= oldest.length + html.length;
  }
  return rendered;
}
