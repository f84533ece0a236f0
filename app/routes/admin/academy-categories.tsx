import { Link, data } from "react-router";
import type { Route } from "./+types/academy-categories";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionError, actionOk, failureOf, parseForm } from "#app/lib/form";
import { NotAllowedError } from "#app/modules/auth";
import { requireAdmin } from "#app/modules/auth/index.server";
import {
  AcademyRefusedError,
  adminCategoryList,
  createCategory,
  deleteCategory,
  moveCategory,
  refusalAnswer,
  updateCategory,
} from "#app/modules/academy/index.server";
import { categoryActionSchema, type CategoryAction } from "#app/modules/academy/admin-validation";
import { CategoryEditor } from "#app/modules/academy/components/category-editor";

export const handle = { texts: ["academy"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "academy.categoryAdmin.heading", { noindex: true });

/** `/admin/academy/categories`: every academy category, inactive ones too, in display order. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  return { categories: await adminCategoryList() };
}

const TOASTS = {
  "category-create": "academy.categoryAdmin.toasts.created",
  "category-update": "academy.categoryAdmin.toasts.saved",
  "category-move": "academy.categoryAdmin.toasts.moved",
  "category-delete": "academy.categoryAdmin.toasts.deleted",
} as const satisfies Record<CategoryAction["intent"], string>;

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, categoryActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "category-create": {
        const { intent: _intent, ...fields } = input;
        await createCategory(viewer.actor, fields);
        break;
      }
      case "category-update": {
        const { intent: _intent, categoryId, ...fields } = input;
        await updateCategory(viewer.actor, categoryId, fields);
        break;
      }
      case "category-move":
        await moveCategory(viewer.actor, input.categoryId, input.direction);
        break;
      case "category-delete":
        await deleteCategory(viewer.actor, input.categoryId);
        break;
    }
  } catch (error) {
    if (error instanceof AcademyRefusedError && error.reason === "slugTaken")
      return actionError(
        { fieldErrors: { slug: "academy.refusals.slugTaken" }, values: parsed.values },
        409,
      );
    if (error instanceof AcademyRefusedError) return refusalAnswer(error, parsed.values);
    if (error instanceof NotAllowedError) throw data(null, { status: 403 });
    throw error;
  }
  return actionOk({ toast: { key: TOASTS[input.intent] } });
}

export default function AdminAcademyCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  return (
    <section aria-labelledby="academy-categories-title">
      <Link to="/admin/academy" className="text-sm text-primary hover:underline">
        {t("academy.admin.back")}
      </Link>
      <h1 id="academy-categories-title" className="mt-2 text-2xl font-semibold">
        {t("academy.categoryAdmin.heading")}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
        {t("academy.categoryAdmin.intro")}
      </p>
      <CategoryEditor categories={loaderData.categories} failure={failureOf(actionData)} />
    </section>
  );
}
