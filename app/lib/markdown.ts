import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

const syntax = [gfm()];
const html = [gfmHtml()];

/** Where an image may be loaded from: the address to use instead, or null to drop it. */
export type ImageSrcRewriter = (src: string) => string | null;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">" };
const decodeAttribute = (value: string) =>
  value.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
const encodeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** Blocks that take their direction from their own text (`dir="auto"`). */
export const DIRECTIONAL_BLOCKS = [
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "table",
  "pre",
];
const blockOpening = new RegExp(`<(${DIRECTIONAL_BLOCKS.join("|")})(?=[ >])`, "g");

/**
 * Member Markdown (CommonMark with GitHub tables, task lists, strikethrough, footnotes and
 * autolinks) to HTML. micromark is safe by default: raw HTML in the source is shown as text,
 * never interpreted, and link and image addresses with a protocol other than http(s), mailto,
 * irc(s) and xmpp are dropped. External links open in a new tab without access to this one.
 * Every image address passes `imageSrc` (readers' browsers never contact a third-party host,
 * see `app/lib/image-src.ts`); an image it refuses keeps its alt text and loses its address.
 *
 * Every block takes its direction from its own text, so an English paragraph in an Arabic post
 * (or the other way round) keeps its punctuation where it belongs. micromark shows raw HTML in
 * the source as text (`&lt;p>`), so only its own tags are matched.
 *
 * Runs on the server for every page (see `renderMarkdown`) and in the browser only for the
 * editors' live preview, loaded on demand.
 */
export function markdownToHtml(source: string, imageSrc: ImageSrcRewriter): string {
  return micromark(source, { extensions: syntax, htmlExtensions: html })
    .replace(
      /<a href="(https?:\/\/[^"]*)"/g,
      '<a href="$1" target="_blank" rel="noopener noreferrer"',
    )
    .replace(/<img src="([^"]*)"/g, (_match, src: string) => {
      const rewritten = imageSrc(decodeAttribute(src));
      return rewritten === null ? "<img" : `<img src="${encodeAttribute(rewritten)}"`;
    })
    .replace(blockOpening, '<$1 dir="auto"');
}
