import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

const syntax = [gfm()];
const html = [gfmHtml()];

/**
 * Member Markdown (CommonMark with GitHub tables, task lists, strikethrough, footnotes and
 * autolinks) to HTML. micromark is safe by default: raw HTML in the source is shown as text,
 * never interpreted, and link and image addresses with a protocol other than http(s), mailto,
 * irc(s) and xmpp are dropped. External links open in a new tab without access to this one.
 *
 * Runs on the server for every page (see `renderMarkdown`) and in the browser only for the
 * editors' live preview, loaded on demand.
 */
export function markdownToHtml(source: string): string {
  return micromark(source, { extensions: syntax, htmlExtensions: html }).replace(
    /<a href="(https?:\/\/[^"]*)"/g,
    '<a href="$1" target="_blank" rel="noopener noreferrer"',
  );
}
