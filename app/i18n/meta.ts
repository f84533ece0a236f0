import { type MessageKey } from "#app/i18n/i18n";
import type { TFunction } from "./i18n";
import type { MetaDescriptor } from "react-router";
import { latestRegisteredI18n, registeredI18n } from "./registry";

/** What `pageMeta` reads of a route's `meta` arguments: the root loader's data comes first. */
interface MetaArgs {
  matches: ReadonlyArray<{ loaderData?: unknown } | undefined>;
}

type RootLike = { locale?: string; settings?: { site_name?: string } };

export interface PageMetaOptions {
  /** Values for the title's translation key. */
  values?: Record<string, unknown>;
  /** Shown before the page's name: a category, a search term, a receipt number. */
  prefix?: string;
  description?: string;
  /** Private or endless pages (accounts, payments, administration, search) stay out of search engines. */
  noindex?: boolean;
  /**
   * The page's one address (absolute), where several lead to the same content: a thread's first
   * page is also reached by `?comment=` links and stale cursors, and names the bare thread.
   */
  canonical?: string;
}

/**
 * The page's translate function for `meta`, which runs outside React: the registered i18next
 * instance of the root loader's language (app/i18n/registry.ts). While a newly chosen language
 * is still downloading, the page's previous language answers, and the title follows once the new
 * one has arrived (the root Layout re-renders then, see useI18nRegistryVersion).
 */
export function metaT({ matches }: MetaArgs): TFunction {
  const root = matches[0]?.loaderData as RootLike | undefined;
  const instance = registeredI18n(root?.locale ?? "en") ?? latestRegisteredI18n();
  return (instance?.t ?? ((key: string) => key)) as TFunction;
}

/**
 * A route's document title, `{prefix · }{page} · {site name}`, in the reader's language: `title` is
 * a translation key, or `{ text }` for a title a member or an admin wrote (a post, a name, a page).
 * Every route's `meta` is one call: `export const meta = (args) => pageMeta(args, "members.title")`.
 */
export function pageMeta(
  args: MetaArgs,
  title: MessageKey | { text: string },
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const root = args.matches[0]?.loaderData as RootLike | undefined;
  const name =
    typeof title === "string" ? String(metaT(args)(title, options.values ?? {})) : title.text;
  const tags: MetaDescriptor[] = [
    { title: [options.prefix, name, root?.settings?.site_name].filter(Boolean).join(" · ") },
  ];
  if (options.description) tags.push({ name: "description", content: options.description });
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  if (options.canonical) tags.push({ tagName: "link", rel: "canonical", href: options.canonical });
  return tags;
}
