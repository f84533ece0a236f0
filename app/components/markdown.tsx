import { previewImageSrc } from "#app/lib/image-src";
import { lazyModule, useLazyModuleWhen } from "#app/lib/lazy-module";

/**
 * Member Markdown rendered on the server by `renderMarkdown` (app/lib/markdown.server.ts), which
 * makes it safe; never pass HTML from anywhere else.
 */
export function RenderedMarkdown({ html }: { html: string }) {
  return <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

const renderer = lazyModule(() => import("#app/lib/markdown"));

/**
 * The editors' live preview. The Markdown parser is loaded when a preview is first shown, so pages
 * that only display Markdown never download it; `initialHtml` (rendered by the server for the
 * text the editor opened with) shows meanwhile.
 */
export function MarkdownPreview({
  source,
  initialHtml = "",
}: {
  source: string;
  initialHtml?: string;
}) {
  const loaded = useLazyModuleWhen(renderer, true);
  return (
    <RenderedMarkdown
      html={loaded ? loaded.markdownToHtml(source, previewImageSrc) : initialHtml}
    />
  );
}
