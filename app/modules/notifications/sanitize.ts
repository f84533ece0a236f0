import sanitizeHtml from "sanitize-html";

/** SPEC §5: notification HTML keeps only these tags and attributes. */
export const NOTIFICATION_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "u",
  "h1",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "a",
];
export const NOTIFICATION_ATTRIBUTES = ["href", "target", "rel"];

/**
 * The SPEC §5 allow-list: everything else — scripts and their text, event handlers, styles,
 * frames, images — is dropped; links keep only http(s), mailto and same-site paths.
 * sanitize-html parses without a DOM (see decision 007: a server-side DOM cost ~100 MB).
 */
export function sanitizeNotificationHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: NOTIFICATION_TAGS,
    allowedAttributes: { "*": NOTIFICATION_ATTRIBUTES },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
  });
}
