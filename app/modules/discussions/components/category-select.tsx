import { useTranslation } from "#app/i18n/react";
import { Form, useNavigate } from "react-router";
import { Button } from "#app/components/ui/button";
import { Select } from "#app/components/ui/select";
import { useHydrated } from "#app/hooks/use-hydrated";
import { isPremiumCategory, type CategoryRules } from "../policy";

/**
 * The category filter as one compact select, above the list on narrow screens (where the list of
 * category links would sit below every post). Choosing navigates at once; without JavaScript it is
 * a GET form with a Show button.
 */
export function CategorySelect({
  categories,
  active,
  tab,
  hrefFor,
  className,
}: {
  categories: Array<CategoryRules & { slug: string; title: string }>;
  active: string | null;
  tab: string;
  /** The list's address with this category (null: all), keeping the other parameters. */
  hrefFor: (category: string | null) => string;
  className?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <Form method="get" action="/discussions" className={className}>
      {tab !== "latest" ? <input type="hidden" name="tab" value={tab} /> : null}
      <div className="flex items-center gap-2">
        <label htmlFor="category-select" className="shrink-0 text-sm font-medium">
          {t("discussions.categoryFilter")}
        </label>
        <Select
          key={active ?? ""}
          id="category-select"
          name="category"
          defaultValue={active ?? ""}
          className="min-w-0 flex-1"
          onChange={(event) => navigate(hrefFor(event.currentTarget.value || null))}
        >
          <option value="">{t("discussions.allCategories")}</option>
          {categories.map((c) => (
            <option key={c.slug} value={c.slug}>
              {isPremiumCategory(c) ? `${c.title} · ${t("discussions.premium")}` : c.title}
            </option>
          ))}
        </Select>
        {hydrated ? null : (
          <Button type="submit" variant="outline" size="sm">
            {t("discussions.showCategory")}
          </Button>
        )}
      </div>
    </Form>
  );
}
