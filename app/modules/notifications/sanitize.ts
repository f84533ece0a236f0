import DOMPurify from "isomorphic-dompurify";

/** SPEC §5: notification HTML keeps only these tags and attributes. */
export const NOTIFICATION_TAGS = ["p", "br", "strong", "em", "u", "h1", "h2", "h3", "h4", "ul", "ol", "li", "a"];
export const NOTIFICATION_ATTRIBUTES = ["href", "target", "rel"];

export function sanitizeNotificationHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: NOTIFICATION_TAGS,
    ALLOWED_ATTR: NOTIFICATION_ATTRIBUTES,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/))/i,
    // Without this the URI pattern above is also applied to target="_blank" and rel="…".
    ADD_URI_SAFE_ATTR: ["target", "rel"],
  });
}

/** Escapes text (a member's name, a post title) for use inside notification HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
