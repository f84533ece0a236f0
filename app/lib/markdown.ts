import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

const syntax = [gfm()];
const html = [gfmHtml()];

/** Where an image may be loaded from: the address to use instead, or null to drop it. */
export type ImageSrcRewriter = (src: string) => string | null;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">" };
const decodeAttribute = (value: string) => value.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ENTITIES[entity]);
const encodeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Member Markdown (CommonMark with GitHub tables, task lists, strikethrough, footnotes and
 * autolinks) to HTML. micromark is safe by default: raw HTML in the source is shown as text,
 * never interpreted, and link and image addresses with a protocol other than http(s), mailto,
 * irc(s) and xmpp are dropped. External links open in a new tab without access to this one.
 * Every image address passes `imageSrc` (readers' browsers never contact a third-party host,
 * see `app/lib/image-src.ts`); an image it refuses keeps its alt text and loses its address.
 *
 * Runs on the server for every page (see `renderMarkdown`) and in the browser only for the
 * editors' live preview, loaded on demand.
 */
export function markdownToHtml(source: string, imageSrc: ImageSrcRewriter): string {
  return micromark(source, { extensions: syntax, htmlExtensions: html })
    .replace(/<a href="(https?:\/\/[^"]*)"/g, '<a href="$1" target="_blank" rel="noopener noreferrer"')
    .replace(/<img src="([^"]*)"/g, (_match, src: string) => {
      const rewritten = imageSrc(decodeAttribute(src));
      return rewritten === null ? "<img" : `<img src="${encodeAttribute(rewritten)}"`;
    });
}
