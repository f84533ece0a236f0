type Messages = Record<string, unknown>;
type RootLike = { messages?: Messages; fallbackMessages?: Messages; settings?: { site_name?: string } };

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split(".")) node = node && typeof node === "object" ? (node as Messages)[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

/**
 * A document title in the page's language for `meta` (which runs outside React, so without
 * i18next): looked up in the messages the root loader sent, then English, then `fallback`.
 */
export function pageTitle(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>, key: string, fallback: string, options: { index?: boolean; prefix?: string } = {}) {
  const root = matches[0]?.loaderData as RootLike | undefined;
  const text = lookup(root?.messages, key) ?? lookup(root?.fallbackMessages, key) ?? fallback;
  const title = options.prefix ? `${options.prefix} · ${text}` : text;
  const site = root?.settings?.site_name;
  const full = { title: site ? `${title} · ${site}` : title };
  // Account and payment screens are private; only the public membership page is indexed.
  return options.index ? [full] : [full, { name: "robots", content: "noindex" }];
}
