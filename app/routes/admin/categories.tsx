import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/categories";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { optionalIdSchema } from "#app/lib/ids";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  CategoryNotFoundError,
  CategorySlugTakenError,
  listCategories,
  saveCategory,
} from "#app/modules/discussions/index.server";
import { categorySchema } from "#app/modules/discussions/category-validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["discussions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.categories.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { categories: await listCategories({ includeInactive: true }) };
}

/** A category's form: a new one has no id. */
const categoryFormSchema = categorySchema.extend({ id: optionalIdSchema });

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, categoryFormSchema);
  if (!parsed.ok) return parsed.response;
  const { id, ...category } = parsed.data;
  try {
    await saveCategory(viewer.user.id, id || null, category);
  } catch (error) {
    if (error instanceof CategorySlugTakenError)
      return actionError({
        fieldErrors: { slug: "admin.categories.errors.slugTaken" },
        values: parsed.values,
      });
    if (error instanceof CategoryNotFoundError)
      return actionError({ formError: "errors.notFound" }, 404);
    throw error;
  }
  return actionOk({ toast: { key: "admin.categories.saved" } });
}

function CategoryForm({
  category,
  errors,
  values,
}: {
  category?: {
    id: string;
    title: string;
    slug: string;
    description: string;
    displayOrder: number;
    isActive: boolean;
    isReadOnly: boolean;
    subscriptionTierRequired: string | null;
  };
  errors: Record<string, string>;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const v = {
    title: values?.title ?? category?.title ?? "",
    slug: values?.slug ?? category?.slug ?? "",
    description: values?.description ?? category?.description ?? "",
    displayOrder: values?.displayOrder ?? String(category?.displayOrder ?? 0),
    isActive: values ? values.isActive === "on" : (category?.isActive ?? true),
    isReadOnly: values ? values.isReadOnly === "on" : (category?.isReadOnly ?? false),
    premium: values ? values.premium === "on" : Boolean(category?.subscriptionTierRequired),
  };
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <FormField
        label={t("admin.categories.titleField")}
        name="title"
        defaultValue={v.title}
        error={errors.title}
        required
      />
      <FormField
        label={t("admin.categories.slug")}
        name="slug"
        defaultValue={v.slug}
        error={errors.slug}
        hint={t("admin.categories.slugHint")}
        required
      />
      <FormField
        label={t("admin.categories.description")}
        name="description"
        defaultValue={v.description}
        error={errors.description}
      />
      <FormField
        label={t("admin.categories.order")}
        name="displayOrder"
        type="number"
        min={0}
        defaultValue={v.displayOrder}
        error={errors.displayOrder}
      />
      <fieldset className="flex flex-wrap gap-4 text-sm sm:col-span-2">
        {(["isActive", "isReadOnly", "premium"] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2">
            <input type="checkbox" name={flag} defaultChecked={v[flag]} />
            {t(
              `admin.categories.${flag === "isActive" ? "active" : flag === "isReadOnly" ? "readOnly" : "premium"}`,
            )}
          </label>
        ))}
      </fieldset>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {t("admin.categories.save")}
        </Button>
      </div>
    </Form>
  );
}

export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const editing = params.get("edit");
  useActionToast(actionData);
  // The refused form (the category it edits, or the new one) opens again with its input.
  const failure = failureOf(actionData);
  const failedFor = failure ? failure.values.id || "new" : null;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.categories.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.categories.text")}</p>
      </div>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {loaderData.categories.length === 0 ? (
          <li className="p-4 text-muted-foreground">{t("admin.categories.empty")}</li>
        ) : null}
        {loaderData.categories.map((c) => (
          <li key={c.id} className="p-4">
            <details open={editing === c.id || failedFor === c.id}>
              <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                <bdi className="font-medium">{c.title}</bdi>
                <span className="font-mono text-xs text-muted-foreground">{c.slug}</span>
                <span className="text-xs text-muted-foreground">#{c.displayOrder}</span>
                <span className="text-xs text-muted-foreground">
                  {t("admin.categories.posts", { count: c.postCount })}
                </span>
                {!c.isActive ? (
                  <span className="rounded bg-muted px-1.5 text-xs">
                    {t("admin.categories.active")}: ✗
                  </span>
                ) : null}
                {c.isReadOnly ? (
                  <span className="rounded bg-muted px-1.5 text-xs">
                    {t("discussions.readOnly")}
                  </span>
                ) : null}
                {c.subscriptionTierRequired ? (
                  <span className="rounded bg-muted px-1.5 text-xs">
                    {t("discussions.premium")}
                  </span>
                ) : null}
                <span className="ms-auto text-sm text-primary">{t("admin.categories.edit")}</span>
              </summary>
              <div className="mt-4">
                <CategoryForm
                  category={c}
                  errors={failedFor === c.id ? failure!.fieldErrors : {}}
                  values={failedFor === c.id ? failure!.values : undefined}
                />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <section className="rounded-xl border border-border bg-card p-4">
        <h3 className="mb-4 text-lg font-semibold">{t("admin.categories.new")}</h3>
        <CategoryForm
          errors={failedFor === "new" ? failure!.fieldErrors : {}}
          values={failedFor === "new" ? failure!.values : undefined}
          key={actionData?.ok ? "reset" : "form"}
        />
      </section>
    </div>
  );
}
