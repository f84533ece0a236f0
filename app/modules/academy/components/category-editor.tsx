import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { FormField } from "#app/components/form-field";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import type { ActionFailure } from "#app/lib/form";
import { useTranslation } from "#app/i18n/react";
import { OUTLINE_LIMITS } from "../admin-validation";
import { FOOTER_CATEGORIES } from "../policy";

export interface AdminCategory {
  id: string;
  title: string;
  slug: string;
  isActive: boolean;
  courses: number;
}

/**
 * `/admin/academy/categories`: the categories in display order, each moved up/down, edited (a
 * disclosure holding its form) or deleted by plain form posts, and a form to add one. Everything
 * works without JavaScript and by keyboard; the server checks every field again.
 */
export function CategoryEditor({
  categories,
  failure,
}: {
  categories: AdminCategory[];
  failure: ActionFailure | undefined;
}) {
  const { t } = useTranslation();
  const failedFor = (intent: string, categoryId = "") =>
    failure && failure.values.intent === intent && (failure.values.categoryId ?? "") === categoryId
      ? failure
      : undefined;
  // The footer shows the first FOOTER_CATEGORIES active categories in this order.
  const footer = new Set(
    categories
      .filter((category) => category.isActive)
      .slice(0, FOOTER_CATEGORIES)
      .map((category) => category.id),
  );
  return (
    <div className="mt-6 space-y-8">
      {categories.length === 0 ? (
        <p className="text-muted-foreground">{t("academy.categoryAdmin.empty")}</p>
      ) : (
        <ol className="divide-y divide-border rounded-xl border border-border">
          {categories.map((category, index) => {
            const inFooter = footer.has(category.id);
            const failed = failedFor("category-update", category.id);
            return (
              <li key={category.id} className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                  <span className="min-w-0 flex-1 basis-48">
                    <span className="block font-medium" dir="auto">
                      {category.title}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      <bdi dir="ltr" className="break-all">
                        /academy/category/{category.slug}
                      </bdi>{" "}
                      · {t("academy.courseCount", { count: category.courses })}
                    </span>
                  </span>
                  <span className="flex flex-wrap gap-1">
                    <Badge variant={category.isActive ? "secondary" : "outline"}>
                      {category.isActive
                        ? t("academy.categoryAdmin.active")
                        : t("academy.categoryAdmin.inactive")}
                    </Badge>
                    {inFooter ? (
                      <Badge variant="outline">{t("academy.categoryAdmin.inFooter")}</Badge>
                    ) : null}
                  </span>
                  <span className="flex flex-wrap gap-2">
                    <IntentButton
                      intent="category-move"
                      fields={{ categoryId: category.id, direction: "up" }}
                      label={t("academy.categoryAdmin.moveUp", { title: category.title })}
                      variant="ghost"
                    >
                      <ArrowUp aria-hidden="true" />
                    </IntentButton>
                    <IntentButton
                      intent="category-move"
                      fields={{ categoryId: category.id, direction: "down" }}
                      label={t("academy.categoryAdmin.moveDown", { title: category.title })}
                      variant="ghost"
                    >
                      <ArrowDown aria-hidden="true" />
                    </IntentButton>
                    <IntentButton
                      intent="category-delete"
                      fields={{ categoryId: category.id }}
                      variant="destructive"
                      label={t("academy.categoryAdmin.deleteOf", { title: category.title })}
                      confirm={t("academy.categoryAdmin.deleteConfirm", {
                        title: category.title,
                        courses: category.courses,
                      })}
                    >
                      {t("academy.outline.delete")}
                    </IntentButton>
                  </span>
                </div>
                <details className="mt-2" open={Boolean(failed)}>
                  <summary className="cursor-pointer text-sm text-primary">
                    {t("academy.categoryAdmin.editOf", { title: category.title })}
                  </summary>
                  <CategoryForm
                    intent="category-update"
                    categoryId={category.id}
                    idPrefix={`category-${category.id}`}
                    values={
                      failed?.values ?? {
                        title: category.title,
                        slug: category.slug,
                        isActive: category.isActive ? "on" : "",
                        displayOrder: String(index + 1),
                      }
                    }
                    errors={failed?.fieldErrors ?? {}}
                    positions={categories.length}
                    submitLabel={t("common.save")}
                  />
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <section
        aria-labelledby="category-add-heading"
        className="rounded-xl border border-dashed border-border p-4"
      >
        <h2 id="category-add-heading" className="text-xl font-semibold">
          {t("academy.categoryAdmin.add")}
        </h2>
        <CategoryForm
          intent="category-create"
          idPrefix="category-new"
          values={failedFor("category-create")?.values ?? { isActive: "on" }}
          errors={failedFor("category-create")?.fieldErrors ?? {}}
          positions={categories.length + 1}
          submitLabel={t("academy.categoryAdmin.create")}
        />
      </section>
    </div>
  );
}

function CategoryForm({
  intent,
  categoryId,
  idPrefix,
  values,
  errors,
  positions,
  submitLabel,
}: {
  intent: "category-create" | "category-update";
  categoryId?: string;
  idPrefix: string;
  values: Record<string, string | undefined>;
  errors: Record<string, string>;
  positions: number;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-3 space-y-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {categoryId ? <input type="hidden" name="categoryId" value={categoryId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${idPrefix}-title`}
          label={t("academy.categoryAdmin.title")}
          name="title"
          defaultValue={values.title}
          error={errors.title}
          maxLength={OUTLINE_LIMITS.categoryTitleMax}
          dir="auto"
          required
        />
        <FormField
          id={`${idPrefix}-slug`}
          label={t("academy.categoryAdmin.slug")}
          name="slug"
          defaultValue={values.slug}
          error={errors.slug}
          maxLength={OUTLINE_LIMITS.slugMax}
          hint={t("academy.categoryAdmin.slugHint")}
          dir="ltr"
        />
        <FormField
          id={`${idPrefix}-order`}
          label={t("academy.categoryAdmin.position")}
          name="displayOrder"
          type="number"
          inputMode="numeric"
          min={1}
          max={positions}
          defaultValue={values.displayOrder}
          error={errors.displayOrder}
          hint={t("academy.categoryAdmin.positionHint", { last: positions })}
        />
        <label className="flex items-center gap-2 self-center text-sm">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive === "on"} />
          <span>{t("academy.categoryAdmin.activeLabel")}</span>
        </label>
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
