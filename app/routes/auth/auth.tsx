import { textKey } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { Form, Link, data, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { fieldErrors, formValues, readForm, type FieldErrors } from "#app/lib/form";
import { signIn, signUp, getViewer } from "#app/modules/auth/index.server";
import { PASSWORD_MAX, PASSWORD_MIN, afterSignInPath } from "#app/modules/auth";
import { signInSchema, signUpSchema } from "#app/modules/auth/validation";
import { useRootData } from "#app/root";
import { experimentVariants } from "#app/modules/experiments/index.server";
import { EXPERIMENTS } from "#app/modules/experiments";
import { BenefitList } from "#app/modules/memberships/components/benefit-list";
import { cn } from "#app/lib/cn";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

/** The texts of this page beyond the shell's (app/i18n/bundles.ts). */
export const handle = { texts: ["auth"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) => pageMeta(args, "header.signIn");

export async function loader({ request, url, context }: Route.LoaderArgs) {
  if (await getViewer(request)) throw redirect(afterSignInPath(url.searchParams.get("redirectTo")));
  // SPEC §9 auth page layout test, drawn on the server: the page renders its variant at once.
  const variants = await experimentVariants({ request, context }, [EXPERIMENTS.authPageLayout]);
  return { layout: variants[EXPERIMENTS.authPageLayout] === "B" ? "benefits" : "form" };
}

type ActionData = {
  intent: "signin" | "signup";
  errors: FieldErrors;
  values: Record<string, string>;
};

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent") === "signup" ? "signup" : "signin";
  const values = formValues(form, ["password"]);
  const target = afterSignInPath(form.get("redirectTo"));
  const fail = (errors: FieldErrors, status = 400) =>
    data<ActionData>({ intent, errors, values }, { status });

  if (intent === "signup") {
    const parsed = signUpSchema.safeParse(formValues(form));
    if (!parsed.success) return fail(fieldErrors(parsed.error));
    const result = await signUp(request, parsed.data);
    if (!result.ok)
      return fail(
        { form: `auth.errors.${result.error}` },
        result.error === "rateLimited" ? 429 : 400,
      );
    throw redirect(target, { headers: result.headers });
  }
  const parsed = signInSchema.safeParse(formValues(form));
  if (!parsed.success) return fail(fieldErrors(parsed.error));
  const result = await signIn(request, parsed.data);
  if (!result.ok)
    return fail(
      { form: `auth.errors.${result.error}` },
      result.error === "rateLimited" ? 429 : 401,
    );
  throw redirect(target, { headers: result.headers });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const tab = actionData?.intent ?? (params.get("tab") === "signup" ? "signup" : "signin");
  const redirectTo = params.get("redirectTo") ?? "";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const tabClass = (active: boolean) =>
    `flex-1 rounded-md px-3 py-2 text-center text-sm font-medium ${active ? "bg-card text-foreground shadow" : "text-muted-foreground hover:text-foreground"}`;
  const keep = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";

  const withBenefits = loaderData?.layout === "benefits";
  return (
    <div
      className={cn(
        "mx-auto px-4 py-10",
        withBenefits ? "grid max-w-4xl items-start gap-8 md:grid-cols-2" : "max-w-md",
      )}
      data-auth-layout={withBenefits ? "benefits" : "form"}
    >
      <Card>
        <CardHeader>
          <CardTitle>
            <h1>{t("auth.title", { site: settings.site_name })}</h1>
          </CardTitle>
          <CardDescription>{t("auth.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Tabs are links so they work before JavaScript loads; the form posts to this route. */}
          <nav
            className="mb-6 flex gap-1 rounded-lg bg-muted p-1"
            aria-label={t("auth.title", { site: settings.site_name })}
          >
            <Link
              to={`/auth?tab=signin${keep}`}
              replace
              className={tabClass(tab === "signin")}
              aria-current={tab === "signin" ? "page" : undefined}
            >
              {t("auth.signInTab")}
            </Link>
            <Link
              to={`/auth?tab=signup${keep}`}
              replace
              className={tabClass(tab === "signup")}
              aria-current={tab === "signup" ? "page" : undefined}
            >
              {t("auth.signUpTab")}
            </Link>
          </nav>
          <Form method="post" className="space-y-4" key={tab} noValidate>
            <input type="hidden" name="intent" value={tab} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {errors.form ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
              >
                {t(textKey(errors.form))}
              </p>
            ) : null}
            {tab === "signup" ? (
              <FormField
                label={t("auth.displayName")}
                name="displayName"
                autoComplete="nickname"
                defaultValue={values.displayName}
                error={errors.displayName}
                required
              />
            ) : null}
            <FormField
              label={t("auth.email")}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values.email}
              error={errors.email}
              required
            />
            <FormField
              label={t("auth.password")}
              name="password"
              type="password"
              autoComplete={tab === "signup" ? "new-password" : "current-password"}
              error={errors.password}
              hint={tab === "signup" ? t("auth.passwordHint") : undefined}
              // The browser knows the rule too, so an error clears only once the password is long enough.
              minLength={tab === "signup" ? PASSWORD_MIN : undefined}
              maxLength={PASSWORD_MAX}
              required
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {tab === "signup"
                ? busy
                  ? t("auth.signingUp")
                  : t("auth.signUp")
                : busy
                  ? t("auth.signingIn")
                  : t("auth.signIn")}
            </Button>
            {tab === "signin" ? (
              <p className="text-center text-sm">
                <Link
                  to="/forgot-password"
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {t("auth.forgot")}
                </Link>
              </p>
            ) : null}
          </Form>
        </CardContent>
      </Card>
      {withBenefits ? (
        <aside aria-labelledby="auth-benefits-title" className="md:order-first md:pt-6">
          <h2 id="auth-benefits-title" className="text-xl font-semibold">
            {t("auth.ab.benefitsTitle")}
          </h2>
          <BenefitList plan="free" className="mt-4" />
        </aside>
      ) : null}
    </div>
  );
}
