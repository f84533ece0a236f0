import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Form, data, useNavigation, useSearchParams } from "react-router";
import { toast } from "#app/components/ui/toast";
import type { Route } from "./+types/categories";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { fieldErrors, formValues, readForm } from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/viewer.server";
import { CategorySlugTakenError, listCategories, saveCategory } from "#app/modules/discussions/categories.server";
import { categorySchema } from "#app/modules/discussions/validation";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "admin.categories.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { categories: await listCategories({ includeInactive: true }) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  const values = formValues(form);
  const id = values.id && /^[0-9a-f-]{36}$/i.test(values.id) ? values.id : null;
  const parsed = categorySchema.safeParse(values);
  if (!parsed.success) return data({ ok: false, errors: fieldErrors(parsed.error), values, id }, { status: 400 });
  try {
    await saveCategory(viewer.user.id, id, parsed.data);
  } catch (error) {
    if (error instanceof CategorySlugTakenError) return data({ ok: false, errors: { slug: "admin.categories.errors.slugTaken" }, values, id }, { status: 400 });
    throw error;
  }
  return { ok: true, errors: {} as Record<string, string>, values: undefined, id };
}

function CategoryForm({ category, errors, values }: { category?: { id: string; title: string; slug: string; description: string; displayOrder: number; isActive: boolean; isReadOnly: boolean; subscriptionTierRequired: string | null }; errors: Record<string, string>; values?: Record<string, string> }) {
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
      <FormField label={t("admin.categories.titleField")} name="title" defaultValue={v.title} error={errors.title} required />
      <FormField label={t("admin.categories.slug")} name="slug" defaultValue={v.slug} error={errors.slug} hint={t("admin.categories.slugHint")} required />
      <FormField label={t("admin.categories.description")} name="description" defaultValue={v.description} error={errors.description} />
      <FormField label={t("admin.categories.order")} name="displayOrder" type="number" min={0} defaultValue={v.displayOrder} error={errors.displayOrder} />
      <fieldset className="flex flex-wrap gap-4 text-sm sm:col-span-2">
        {(["isActive", "isReadOnly", "premium"] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2">
            <input type="checkbox" name={flag} defaultChecked={v[flag]} />
            {t(`admin.categories.${flag === "isActive" ? "active" : flag === "isReadOnly" ? "readOnly" : "premium"}`)}
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
  useEffect(() => {
    if (actionData?.ok) toast.success(t("admin.categories.saved"));
  }, [actionData, t]);
  const failedFor = actionData && !actionData.ok ? (actionData.id ?? "new") : null;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-semibold">{t("admin.categories.title")}</h2>
        <p className="mt-1 text-muted-foreground">{t("admin.categories.text")}</p>
      </div>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {loaderData.categories.length === 0 ? <li className="p-4 text-muted-foreground">{t("admin.categories.empty")}</li> : null}
        {loaderData.categories.map((c) => (
          <li key={c.id} className="p-4">
            <details open={editing === c.id || failedFor === c.id}>
              <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                <bdi className="font-medium">{c.title}</bdi>
                <span className="font-mono text-xs text-muted-foreground">{c.slug}</span>
                <span className="text-xs text-muted-foreground">#{c.displayOrder}</span>
                <span className="text-xs text-muted-foreground">{t("admin.categories.posts", { count: c.postCount })}</span>
                {!c.isActive ? <span className="rounded bg-muted px-1.5 text-xs">{t("admin.categories.active")}: ✗</span> : null}
                {c.isReadOnly ? <span className="rounded bg-muted px-1.5 text-xs">{t("discussions.readOnly")}</span> : null}
                {c.subscriptionTierRequired ? <span className="rounded bg-muted px-1.5 text-xs">{t("discussions.premium")}</span> : null}
                <span className="ms-auto text-sm text-primary">{t("admin.categories.edit")}</span>
              </summary>
              <div className="mt-4">
                <CategoryForm category={c} errors={failedFor === c.id ? actionData!.errors : {}} values={failedFor === c.id ? actionData!.values : undefined} />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <section className="rounded-xl border border-border bg-card p-4">
        <h3 className="mb-4 text-lg font-semibold">{t("admin.categories.new")}</h3>
        <CategoryForm errors={failedFor === "new" ? actionData!.errors : {}} values={failedFor === "new" ? actionData!.values : undefined} key={actionData?.ok ? "reset" : "form"} />
      </section>
    </div>
  );
}
