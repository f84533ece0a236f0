import { redirect } from "react-router";
import type { Route } from "./+types/create";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import { actionError, failureOf, readForm, validateForm } from "#app/lib/form";
import { useActionToast } from "#app/hooks/use-action-toast";
import { refusalAnswer, requireCovens, uploadedBanner } from "#app/modules/covens/index.server";
import { CovenRefusedError, createCoven } from "#app/modules/covens/index.server";
import { CovenForm } from "#app/modules/covens/components/coven-form";
import { covenFieldsSchema } from "#app/modules/covens/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

export const handle = { texts: ["covens", "discussions"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "covens.form.createTitle", { noindex: true });

/** SPEC §2 /covens/create: premium; everyone else meets the Premium gate. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireCovens(request);
  return { language: viewer.profile.language ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireCovens(request);
  const form = await readForm(request);
  const parsed = validateForm(form, covenFieldsSchema);
  if (!parsed.ok) return parsed.response;
  const { values } = parsed;
  const banner = await uploadedBanner(form);
  if ("error" in banner) return actionError({ fieldErrors: { banner: banner.error }, values });
  try {
    const { slug } = await createCoven(viewer.actor, { ...parsed.data, bannerUrl: banner.url });
    throw redirect(`/covens/${encodeURIComponent(slug)}`);
  } catch (error) {
    if (error instanceof CovenRefusedError) return refusalAnswer(error, values);
    throw error;
  }
}

export default function CreateCoven({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failure = failureOf(actionData);
  useActionToast(actionData);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-semibold">{t("covens.form.createTitle")}</h1>
      <p className="mt-1 text-muted-foreground">{t("covens.form.createIntro")}</p>
      <div className="mt-6">
        <CovenForm
          values={failure?.values ?? { language: loaderData.language }}
          errors={failure?.fieldErrors ?? {}}
          submitLabel={t("covens.form.submit")}
        />
      </div>
    </div>
  );
}
