import { useState } from "react";
import { useTranslation } from "#app/i18n/react";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/page-edit";
import { breadcrumbHandle } from "#app/components/shell/breadcrumb-trail";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { MarkdownPreview } from "#app/components/markdown";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import { fieldErrors, formValues, readForm } from "#app/lib/form";
import { renderMarkdown } from "#app/lib/markdown.server";
import { requireAdmin } from "#app/modules/auth/index.server";
import { getPage, saveLandingPage, savePage } from "#app/modules/pages/index.server";
import { landingSchema } from "#app/modules/pages/landing-validation";
import { LandingEditor, landingFormValues } from "#app/modules/pages/components/landing-editor";
import { PAGE_BODY_MAX } from "#app/modules/pages";
import { pageSchema } from "#app/modules/pages/validation";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.pages.title", { prefix: args.loaderData?.page.title, noindex: true });

export const handle = breadcrumbHandle<Route.ComponentProps["loaderData"]>(
  (data) => data?.page.title ?? null,
);

export async function loader({ request, params, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const page = await getPage(params.slug);
  if (!page) throw data(null, { status: 404 });
  if (page.kind === "landing" && page.landing)
    return {
      page: { slug: page.slug, title: page.title, body: "" },
      landing: landingFormValues(page.title, page.landing),
      bodyHtml: "",
    };
  return {
    page: { slug: page.slug, title: page.title, body: page.body },
    landing: null,
    bodyHtml: renderMarkdown(page.body),
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const values = formValues(await readForm(request));
  const page = await getPage(params.slug);
  if (!page) throw data(null, { status: 404 });
  if (page.kind === "landing") {
    const landing = landingSchema.safeParse(values);
    if (!landing.success)
      return data({ errors: fieldErrors(landing.error), values }, { status: 400 });
    await saveLandingPage(viewer.user.id, params.slug, landing.data);
    throw redirect("/admin/pages");
  }
  const parsed = pageSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  await savePage(viewer.user.id, params.slug, parsed.data);
  throw redirect("/admin/pages");
}

export default function AdminPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const initial = { ...loaderData.page, ...(actionData?.values ?? {}) };
  const [body, setBody] = useState(initial.body);
  if (loaderData.landing)
    return (
      <div>
        <h2 className="text-2xl font-semibold">
          {t("admin.pages.edit")}: <bdi>{loaderData.page.title}</bdi>
        </h2>
        <LandingEditor values={actionData?.values ?? loaderData.landing} errors={errors} />
      </div>
    );
  return (
    <div>
      <h2 className="text-2xl font-semibold">
        {t("admin.pages.edit")}: {loaderData.page.title}
      </h2>
      <Form method="post" className="mt-6 grid gap-6 lg:grid-cols-2" noValidate>
        <div className="space-y-4">
          <FormField
            label={t("admin.pages.pageTitle")}
            name="title"
            defaultValue={initial.title}
            error={errors.title}
            required
          />
          <FormField label={t("admin.pages.body")} name="body" error={errors.body}>
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                name="body"
                rows={24}
                maxLength={PAGE_BODY_MAX}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                className="font-mono text-sm"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </FormField>
          <Button type="submit" disabled={busy}>
            {busy ? t("common.saving") : t("common.save")}
          </Button>
        </div>
        <section
          aria-label={t("admin.pages.preview")}
          className="rounded-xl border border-border bg-card p-4"
        >
          <h3 className="mb-3 text-sm font-semibold text-muted-foreground uppercase">
            {t("admin.pages.preview")}
          </h3>
          <MarkdownPreview
            source={body}
            initialHtml={actionData?.values ? undefined : loaderData.bodyHtml}
          />
        </section>
      </Form>
    </div>
  );
}
