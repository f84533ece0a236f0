import { Lock, Plus } from "lucide-react";
import { useTranslation } from "#app/i18n/react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/list";
import { pageMeta } from "#app/i18n/meta";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/lib/cn";
import { getViewer } from "#app/modules/auth/index.server";
import { listCategories, listPosts, rulesFor } from "#app/modules/discussions/index.server";
import { CategorySelect } from "#app/modules/discussions/components/category-select";
import { PostListItem } from "#app/modules/discussions/components/post-list-item";
import { isPremiumCategory, postRefusal, TABS, type Tab } from "#app/modules/discussions";
import { getReadingAccess } from "#app/modules/reading/index.server";
import { MembersOnlyNotice } from "#app/modules/reading/components/members-only-notice";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["discussions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "discussions.title", { prefix: args.loaderData?.activeCategory?.title });

export async function loader({ request, url }: Route.LoaderArgs) {
  const tabParam = url.searchParams.get("tab");
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? "")
    ? (tabParam as Tab)
    : "latest";
  const categorySlug = url.searchParams.get("category") || null;
  const viewer = rulesFor(await getViewer(request));
  const [categories, page, access] = await Promise.all([
    listCategories(),
    listPosts({ tab, category: categorySlug, cursor: url.searchParams.get("cursor"), viewer }),
    getReadingAccess(request),
  ]);
  const activeCategory = categorySlug
    ? (categories.find((c) => c.slug === categorySlug) ?? null)
    : null;
  return {
    tab,
    categories,
    activeCategory,
    // Members-only reading: guests see the titles, not the opening lines of the posts.
    items: access === "full" ? page.items : page.items.map((item) => ({ ...item, excerpt: "" })),
    titlesOnly: access === "titles",
    nextCursor: page.nextCursor,
    canPost: activeCategory ? postRefusal(activeCategory, viewer) === null : viewer !== null,
    refusal: activeCategory ? postRefusal(activeCategory, viewer) : null,
  };
}

export default function Discussions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { tab, categories, activeCategory, items, nextCursor, canPost, refusal, titlesOnly } =
    loaderData;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("cursor"); // a new tab or filter starts from the first page
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return `/discussions${query ? `?${query}` : ""}`;
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">
            {activeCategory?.title ?? t("discussions.title")}
          </h1>
          <p className="mt-1 text-muted-foreground">
            {activeCategory?.description || t("discussions.subtitle")}
          </p>
          {activeCategory && isPremiumCategory(activeCategory) ? (
            <p className="mt-2 inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Lock className="size-4" aria-hidden="true" />
              {t("discussions.premiumReadOnly")}
            </p>
          ) : null}
        </div>
        {canPost ? (
          <Button asChild>
            <Link
              to={`/discussions/new${activeCategory ? `?category=${encodeURIComponent(activeCategory.slug)}` : ""}`}
            >
              <Plus className="size-4" aria-hidden="true" />
              {t("discussions.newPost")}
            </Link>
          </Button>
        ) : refusal === "signIn" || (!activeCategory && !canPost) ? (
          <Button asChild variant="outline" wrap>
            <Link to={`/auth?redirectTo=${encodeURIComponent(withParams({}))}`}>
              {t("discussions.signInToComment")}
            </Link>
          </Button>
        ) : null}
      </div>

      {titlesOnly ? <MembersOnlyNotice className="mt-6" /> : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0">
          {/* Two by two on a phone, so no tab is cut off in longer languages; one row from 640 px. */}
          <nav
            aria-label={t("discussions.tabsLabel")}
            className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:flex"
          >
            {TABS.map((name) => (
              <Link
                key={name}
                to={withParams({ tab: name === "latest" ? null : name })}
                // The chosen view of this page ("true"); the page itself is the side navigation's link.
                aria-current={tab === name ? "true" : undefined}
                className={cn(
                  "min-w-0 flex-1 truncate rounded-md px-3 py-1.5 text-center text-sm font-medium",
                  tab === name
                    ? "bg-card text-foreground shadow"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {t(`discussions.tabs.${name}`)}
              </Link>
            ))}
          </nav>
          <CategorySelect
            categories={categories}
            active={activeCategory?.slug ?? null}
            tab={tab}
            hrefFor={(category) => withParams({ category })}
            className="mt-3 lg:hidden"
          />
          {items.length === 0 ? (
            <div className="mt-6 rounded-xl border border-dashed border-border p-10 text-center">
              <p className="font-medium">{t("discussions.empty")}</p>
              {canPost ? (
                <p className="mt-1 text-sm text-muted-foreground">{t("discussions.emptyCta")}</p>
              ) : null}
            </div>
          ) : (
            <ul className="mt-4 space-y-3">
              {items.map((post) => (
                <PostListItem key={post.id} post={post} />
              ))}
            </ul>
          )}
          {nextCursor ? (
            <div className="mt-6 text-center">
              <Button asChild variant="outline">
                <Link to={withParams({ cursor: nextCursor })}>{t("discussions.loadMore")}</Link>
              </Button>
            </div>
          ) : null}
        </div>
        <aside aria-labelledby="category-filter-title" className="hidden lg:block">
          <h2
            id="category-filter-title"
            className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t("discussions.categoryFilter")}
          </h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link
                to={withParams({ category: null })}
                aria-current={!activeCategory ? "true" : undefined}
                className={cn(
                  "block rounded-md px-2 py-1.5 text-sm hover:bg-muted",
                  !activeCategory && "bg-muted font-medium",
                )}
              >
                {t("discussions.allCategories")}
              </Link>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <Link
                  to={withParams({ category: c.slug })}
                  aria-current={activeCategory?.slug === c.slug ? "true" : undefined}
                  className={cn(
                    "flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted",
                    activeCategory?.slug === c.slug && "bg-muted font-medium",
                  )}
                >
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span className="truncate">{c.title}</span>
                    {isPremiumCategory(c) ? (
                      <Lock className="size-3 shrink-0" aria-label={t("discussions.premium")} />
                    ) : null}
                  </span>
                  <span className="text-xs text-muted-foreground">{c.postCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
