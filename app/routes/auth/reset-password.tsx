import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, data, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { notShared } from "#app/lib/http-cache";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardHeader } from "#app/components/ui/card";
import { fieldErrors, formValues, readForm } from "#app/lib/form";
import { resetPassword } from "#app/modules/auth/index.server";
import { resetPasswordSchema } from "#app/modules/auth/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["auth"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

// The address carries the reset token: never kept by a shared cache.
export const headers = notShared;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "auth.resetTitle", { noindex: true });

export async function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await readForm(request));
  const parsed = resetPasswordSchema.safeParse(values);
  if (!parsed.success)
    return data({ done: false, errors: fieldErrors(parsed.error) }, { status: 400 });
  const result = await resetPassword(request, parsed.data.token, parsed.data.password);
  if (!result.ok)
    return data(
      { done: false, errors: { form: `auth.errors.${result.error}` } },
      { status: result.error === "rateLimited" ? 429 : 400 },
    );
  return { done: true, errors: {} as Record<string, string> };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const missingToken = !loaderData.token;
  const formError = errors.form || errors.token;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">{t("auth.resetTitle")}</h1>
        </CardHeader>
        <CardContent>
          {actionData?.done ? (
            <div className="space-y-4">
              <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
                {t("auth.resetDone")}
              </p>
              <Button asChild className="w-full">
                <Link to="/auth">{t("auth.signIn")}</Link>
              </Button>
            </div>
          ) : missingToken ? (
            <div className="space-y-4">
              <p role="alert" className="text-sm text-destructive">
                {t("auth.errors.resetInvalid")}
              </p>
              <Button asChild variant="outline" className="w-full">
                <Link to="/forgot-password">{t("auth.forgotTitle")}</Link>
              </Button>
            </div>
          ) : (
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="token" value={loaderData.token} />
              {formError ? (
                <p role="alert" className="text-sm text-destructive">
                  {t(textKey(formError))}{" "}
                  <Link to="/forgot-password" className="underline">
                    {t("auth.forgotTitle")}
                  </Link>
                </p>
              ) : null}
              <FormField
                label={t("auth.newPassword")}
                name="password"
                type="password"
                autoComplete="new-password"
                hint={t("auth.passwordHint")}
                error={errors.password}
                required
              />
              <FormField
                label={t("auth.confirmPassword")}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword}
                required
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {t("auth.resetSubmit")}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
