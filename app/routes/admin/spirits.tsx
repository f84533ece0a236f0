import { Form, Link } from "react-router";
import type { Route } from "./+types/spirits";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { IntentButton } from "#app/components/ui/intent-button";
import { Textarea } from "#app/components/ui/textarea";
import { useActionToast } from "#app/hooks/use-action-toast";
import { useTranslation } from "#app/i18n/react";
import { pageMeta } from "#app/i18n/meta";
import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";
import { actionOk, failureOf, parseForm } from "#app/lib/form";
import { cn } from "#app/lib/cn";
import { requireAdmin } from "#app/modules/auth/index.server";
import { CATALOGUES, SPIRIT_LIMITS, isCatalogue, type Catalogue } from "#app/modules/spirits";
import {
  SpiritRefusedError,
  catalogueSpirits,
  createSpirit,
  deleteSpirit,
  spiritRefusal,
  updateSpirit,
} from "#app/modules/spirits/index.server";
import { spiritActionSchema } from "#app/modules/spirits/validation";

export const handle = { texts: ["admin", "spirits"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "spirits.admin.title", { noindex: true });

/** `/admin/spirits?catalogue=`: each catalogue's spirits, added, edited and deleted, audited. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const asked = url.searchParams.get("catalogue") ?? undefined;
  const catalogue: Catalogue = isCatalogue(asked) ? asked : "demons";
  return { catalogue, spirits: await catalogueSpirits(catalogue) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const parsed = await parseForm(request, spiritActionSchema);
  if (!parsed.ok) return parsed.response;
  const input = parsed.data;
  try {
    if (input.intent === "create") {
      await createSpirit(viewer.actor, input.catalogue, input);
      return actionOk({ toast: { key: "spirits.admin.created" } });
    }
    if (input.intent === "update") {
      await updateSpirit(viewer.actor, input.catalogue, input.id, input);
      return actionOk({ toast: { key: "spirits.admin.saved" } });
    }
    await deleteSpirit(viewer.actor, input.catalogue, input.id);
    return actionOk({ toast: { key: "spirits.admin.deleted" } });
  } catch (error) {
    if (error instanceof SpiritRefusedError) return spiritRefusal(error, parsed.values);
    throw error;
  }
}

function SpiritFields({
  values,
  errors,
  idPrefix,
}: {
  values: { name?: string; description?: string; powers?: string };
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        id={`${idPrefix}-name`}
        label={t("spirits.admin.name")}
        name="name"
        defaultValue={values.name}
        error={errors.name}
        maxLength={SPIRIT_LIMITS.name}
        dir="auto"
        required
      />
      <FormField
        id={`${idPrefix}-description`}
        label={t("spirits.admin.description")}
        name="description"
        error={errors.description}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="description"
            rows={3}
            defaultValue={values.description}
            maxLength={SPIRIT_LIMITS.description}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            dir="auto"
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-powers`}
        label={t("spirits.admin.powers")}
        name="powers"
        error={errors.powers}
        hint={t("spirits.admin.powersHint")}
      >
        {({ id, describedBy, invalid }) => (
          <Textarea
            id={id}
            name="powers"
            rows={3}
            defaultValue={values.powers}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            dir="auto"
          />
        )}
      </FormField>
    </>
  );
}

export default function AdminSpirits({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  useActionToast(actionData);
  const failure = failureOf(actionData);
  const sent = failure?.values ?? {};
  const { catalogue, spirits } = loaderData;
  const errorsFor = (intent: string, id?: string) =>
    sent.intent === intent && (id === undefined || sent.id === id)
      ? (failure?.fieldErrors ?? {})
      : {};
  return (
    <section aria-labelledby="spirits-admin-title">
      <h1 id="spirits-admin-title" className="text-2xl font-semibold">
        {t("spirits.admin.title")}
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{t("spirits.admin.intro")}</p>
      <nav className="mt-4" aria-label={t("spirits.contents")}>
        <ul className="flex flex-wrap gap-2">
          {CATALOGUES.map((option) => (
            <li key={option}>
              <Link
                to={`/admin/spirits?catalogue=${option}`}
                aria-current={option === catalogue ? "page" : undefined}
                className={cn(
                  "inline-block rounded-full border px-3 py-1 text-sm",
                  option === catalogue
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border hover:bg-muted",
                )}
              >
                {t(`spirits.catalogues.${option}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <details
        className="mt-6 max-w-2xl rounded-xl border border-dashed border-border p-4"
        open={sent.intent === "create"}
      >
        <summary className="cursor-pointer font-medium">{t("spirits.admin.add")}</summary>
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="catalogue" value={catalogue} />
          <SpiritFields
            values={sent.intent === "create" ? sent : {}}
            errors={errorsFor("create")}
            idPrefix="new"
          />
          <Button type="submit" name="intent" value="create">
            {t("spirits.admin.add")}
          </Button>
        </Form>
      </details>

      {spirits.length === 0 ? (
        <p className="mt-6 text-muted-foreground">{t("spirits.empty")}</p>
      ) : (
        <ol className="mt-6 space-y-3">
          {spirits.map((spirit) => (
            <li key={spirit.id} className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold" dir="auto">
                    {spirit.name}
                  </p>
                  <p className="text-sm text-muted-foreground" dir="auto">
                    {spirit.positivePowers.join(", ")}
                  </p>
                </div>
                <IntentButton
                  intent="delete"
                  fields={{ catalogue, id: spirit.id }}
                  variant="ghost"
                  confirm={t("spirits.admin.deleteConfirm", { name: spirit.name })}
                >
                  {t("spirits.admin.delete", { name: spirit.name })}
                </IntentButton>
              </div>
              <details className="mt-2" open={sent.intent === "update" && sent.id === spirit.id}>
                <summary className="cursor-pointer text-sm text-primary">
                  {t("spirits.admin.edit", { name: spirit.name })}
                </summary>
                <Form method="post" className="mt-3 space-y-4" noValidate>
                  <input type="hidden" name="catalogue" value={catalogue} />
                  <input type="hidden" name="id" value={spirit.id} />
                  <SpiritFields
                    values={
                      sent.intent === "update" && sent.id === spirit.id
                        ? sent
                        : {
                            name: spirit.name,
                            description: spirit.description,
                            powers: spirit.positivePowers.join("\n"),
                          }
                    }
                    errors={errorsFor("update", spirit.id)}
                    idPrefix={`spirit-${spirit.id}`}
                  />
                  <Button type="submit" name="intent" value="update" size="sm">
                    {t("spirits.admin.save")}
                  </Button>
                </Form>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
