import { IsolatedText } from "#app/components/isolated-text";
import type { NotificationText } from "../content";

/**
 * A notification's message: translated text, a member's own words in their own direction, or
 * (for a notification stored as text before kinds existed) its HTML, sanitized on the server
 * when it was stored and again when read (content.server.ts); not again here, which would ship
 * an HTML sanitizer to every page.
 */
export function NotificationMessage({
  text,
  className,
}: {
  text: NotificationText;
  className?: string;
}) {
  if (text.html)
    return <div className={className} dangerouslySetInnerHTML={{ __html: text.html }} />;
  if (!text.message) return null;
  return (
    <p className={className} dir={text.quoted ? "auto" : undefined}>
      <IsolatedText text={text.message} />
    </p>
  );
}
