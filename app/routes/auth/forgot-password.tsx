import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, data, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/forgot-password";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "#app/components/ui/card";
import { fieldErrors, formValues, readForm } from "#app/lib/form";
import { requestPasswordReset } from "#app/modules/auth/index.server";
import { forgotPasswordSchema } from "#app/modules/auth/validation";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["auth"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "auth.forgotTitle", { noindex: true });

export async function action({ request }: Route.ActionArgs) {
  const values = formValues(await readForm(request));
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success)
    return data({ sent: false, errors: fieldErrors(parsed.error), values }, { status: 400 });
  const result = await requestPasswordReset(request, parsed.data.email);
  if (!result.ok)
    return data(
      { sent: false, errors: { form: "auth.errors.rateLimited" }, values },
      { status: 429 },
    );
  return { sent: true, errors: {} as Record<string, string>, values };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  // An imported member's invitation links here with the address filled in (decision 073).
  const [search] = useSearchParams();
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">{t("auth.forgotTitle")}</h1>
          <CardDescription>{t("auth.forgotText")}</CardDescription>
        </CardHeader>
        <CardContent>
          {actionData?.sent ? (
            <p role="status" className="rounded-md border border-border bg-muted p-3 text-sm">
              {t("auth.forgotSent")}
            </p>
          ) : (
            <Form method="post" className="space-y-4" noValidate>
              {errors.form ? (
                <p role="alert" className="text-sm text-destructive">
                  {t(textKey(errors.form))}
                </p>
              ) : null}
              <FormField
                label={t("auth.email")}
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={actionData?.values.email ?? search.get("email") ?? undefined}
                error={errors.email}
                required
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? t("auth.sending") : t("auth.sendLink")}
              </Button>
            </Form>
          )}
          <p className="mt-4 text-center text-sm">
            <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
              {t("auth.backToSignIn")}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
