import { useEffect, useState } from "react";

/**
 * Member Markdown rendered on the server by `renderMarkdown` (app/lib/markdown.server.ts), which
 * makes it safe; never pass HTML from anywhere else.
 */
export function RenderedMarkdown({ html }: { html: string }) {
  return <div className="prose-content" dangerouslySetInnerHTML={{ __html: html }} />;
}

type Renderer = (source: string) => string;
let loadedRenderer: Renderer | undefined;

/**
 * The editors' live preview. The Markdown parser is loaded when a preview is first shown, so pages
 * that only display Markdown never download it; `initialHtml` (rendered by the server for the
 * text the editor opened with) shows meanwhile.
 */
export function MarkdownPreview({ source, initialHtml = "" }: { source: string; initialHtml?: string }) {
  const [render, setRender] = useState<Renderer | undefined>(() => loadedRenderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    void import("#app/lib/markdown").then(({ markdownToHtml }) => {
      loadedRenderer = markdownToHtml;
      if (live) setRender(() => markdownToHtml);
    });
    return () => {
      live = false;
    };
  }, [render]);
  return <RenderedMarkdown html={render ? render(source) : initialHtml} />;
}
