import ReactMarkdown from "react-markdown";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";

const SAFE_PROTOCOLS = ["http", "https", "mailto", "irc", "ircs", "xmpp"];

const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: SAFE_PROTOCOLS },
};

/**
 * Renders stored Markdown safely: raw HTML is never interpreted, and the result passes
 * rehype-sanitize (no scripts, no event handlers, only safe link protocols).
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="prose-content">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[[rehypeSanitize, schema]]}
        skipHtml
        components={{
          a: ({ href, children: text }) => {
            const external = typeof href === "string" && /^https?:\/\//.test(href);
            return (
              <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                {text}
              </a>
            );
          },
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
