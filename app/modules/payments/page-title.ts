import { registeredI18n } from "#app/i18n/registry";

type RootLike = { locale?: string; settings?: { site_name?: string } };

/**
 * A document title in the page's language for `meta`, which runs outside React: from the
 * language's registered i18next instance (see app/i18n/registry.ts), else `fallback`.
 */
export function pageTitle(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>, key: string, fallback: string, options: { index?: boolean; prefix?: string } = {}) {
  const root = matches[0]?.loaderData as RootLike | undefined;
  const i18n = registeredI18n(root?.locale ?? "en");
  const text = i18n?.exists(key) ? i18n.t(key) : fallback;
  const title = options.prefix ? `${options.prefix} · ${text}` : text;
  const site = root?.settings?.site_name;
  const full = { title: site ? `${title} · ${site}` : title };
  // Account and payment screens are private; only the public membership page is indexed.
  return options.index ? [full] : [full, { name: "robots", content: "noindex" }];
}
