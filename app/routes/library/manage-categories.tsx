import { Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/manage-categories";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Select } from "#app/components/ui/select";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionOk, failureOf, readForm, validateForm } from "#app/lib/form";
import { idSchema } from "#app/lib/ids";
import { requireAdmin } from "#app/modules/auth/index.server";
import { ARTICLE_LIMITS, ARTICLE_TYPES } from "#app/modules/library";
import {
  LibraryRefusedError,
  adminCategories,
  createCategory,
  deleteCategory,
  libraryRefusal,
} from "#app/modules/library/index.server";
import { categoryFieldsSchema } from "#app/modules/library/validation";

export const handle = {
  texts: ["admin", "library"],
  ...breadcrumbHandle<Route.ComponentProps["loaderData"]>((_data, t) =>
    t("library.manage.categories"),
  ),
} satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "library.manage.categories", { noindex: true });

/** `/content-management/categories`: each article type's categories; add and delete. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const viewer = await requireAdmin({ request, url });
  return { categories: await adminCategories(viewer.actor) };
}

const intentSchema = z.object({ intent: z.enum(["create", "delete"], "errors.badRequest") });

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  const picked = validateForm(form, intentSchema, { toast: true });
  if (!picked.ok) return picked.response;
  try {
    if (picked.data.intent === "create") {
      const parsed = validateForm(form, categoryFieldsSchema);
      if (!parsed.ok) return parsed.response;
      await createCategory(viewer.actor, parsed.data);
      return actionOk({ toast: { key: "library.toasts.categoryAdded" } });
    }
    const parsed = validateForm(form, z.object({ id: idSchema }), { toast: true });
    if (!parsed.ok) return parsed.response;
    await deleteCategory(viewer.actor, parsed.data.id);
    return actionOk({ toast: { key: "library.toasts.categoryDeleted" } });
  } catch (error) {
    if (error instanceof LibraryRefusedError) return libraryRefusal(error, picked.values);
    throw error;
  }
}

export default function ManageCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const errors = failure?.values?.intent === "create" ? (failure.fieldErrors ?? {}) : {};
  const values = failure?.values?.intent === "create" ? failure.values : {};
  const { categories } = loaderData;
  return (
    <section aria-labelledby="categories-title">
      <Link to="/content-management" className="text-sm text-primary hover:underline">
        {t("library.manage.back")}
      </Link>
      <h2 id="categories-title" className="mt-2 text-2xl font-semibold">
        {t("library.manage.categories")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("library.manage.categoriesIntro")}</p>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {ARTICLE_TYPES.map((type) => {
          const own = categories.filter((category) => category.type === type);
          return (
            <section
              key={type}
              aria-labelledby={`categories-${type}`}
              className="rounded-xl border border-border bg-card p-4"
            >
              <h3 id={`categories-${type}`} className="font-semibold">
                {t(`library.types.${type}.plural`)}
              </h3>
              {own.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  {t("library.manage.noCategories")}
                </p>
              ) : (
                <ul className="mt-2 divide-y divide-border">
                  {own.map((category) => (
                    <li key={category.id} className="flex items-center justify-between gap-2 py-2">
                      <Link
                        to={`/category/${type}/${category.id}`}
                        className="min-w-0 hover:underline"
                        dir="auto"
                      >
                        {category.title}
                      </Link>
                      <IntentButton
                        intent="delete"
                        fields={{ id: category.id }}
                        variant="ghost"
                        label={t("library.manage.deleteCategory", { title: category.title })}
                        confirm={t("library.manage.deleteCategoryConfirm", {
                          title: category.title,
                        })}
                      >
                        <Trash2 aria-hidden="true" />
                      </IntentButton>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>

      <Form method="post" className="mt-8 max-w-xl space-y-4" noValidate>
        <h3 className="text-lg font-semibold">{t("library.manage.addCategory")}</h3>
        <FormField label={t("library.form.type")} name="type" error={errors.type}>
          {({ id, describedBy, invalid }) => (
            <Select
              id={id}
              name="type"
              defaultValue={values.type ?? "grimoire"}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            >
              {ARTICLE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`library.types.${type}.singular`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label={t("library.form.categoryTitle")}
          name="title"
          defaultValue={values.title}
          error={errors.title}
          maxLength={ARTICLE_LIMITS.categoryTitle}
          dir="auto"
          required
        />
        <FormField
          label={t("library.form.categoryDescription")}
          name="description"
          defaultValue={values.description}
          error={errors.description}
          maxLength={ARTICLE_LIMITS.categoryDescription}
          dir="auto"
        />
        <Button type="submit" name="intent" value="create">
          {t("library.manage.addCategory")}
        </Button>
      </Form>
    </section>
  );
}
