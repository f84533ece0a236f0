import { useTranslation } from "#app/i18n/react";
import { Form, useNavigation } from "react-router";
import { useActionToast } from "#app/hooks/use-action-toast";
import type { Route } from "./+types/settings";
import { pageMeta } from "#app/i18n/meta";
import { FormField } from "#app/components/form-field";
import { Button } from "#app/components/ui/button";
import { Textarea } from "#app/components/ui/textarea";
import {
  actionError,
  actionOk,
  failureOf,
  formValues,
  readForm,
  validateValues,
  type FieldErrors,
} from "#app/lib/form";
import { requireAdmin } from "#app/modules/auth/index.server";
import { withProxiedSiteImages } from "#app/modules/media/index.server";
import { ImageRejectedError, storeImage } from "#app/modules/profiles/index.server";
import { PARTNER_SLOTS } from "#app/modules/search";
import { getAllSettings, updateSettings } from "#app/modules/settings/index.server";
import {
  CHAT_LIMIT_KEYS,
  IMAGE_MAX_BYTES,
  siteSettingsSchema,
} from "#app/modules/settings/validation";

const IMAGE_FIELDS = ["logo_url", "favicon_url", "banner_url"] as const;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "admin.settings.title", { noindex: true });

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin({ request, url });
  const settings = await getAllSettings();
  // The saved images as pages show them (remote addresses through the image proxy).
  return {
    settings,
    previews: withProxiedSiteImages({
      logo_url: settings.logo_url,
      favicon_url: settings.favicon_url,
      banner_url: settings.banner_url,
    }),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const viewer = await requireAdmin({ request, url });
  const form = await readForm(request);
  const values = formValues(form);
  const errors: FieldErrors = {};
  // An uploaded file replaces the typed address of the same image.
  for (const field of IMAGE_FIELDS) {
    const file = form.get(`${field}_file`);
    if (!(file instanceof File) || file.size === 0) continue;
    try {
      values[field] = await storeImage(file, {
        folder: "site",
        maxBytes: IMAGE_MAX_BYTES,
        format: field === "favicon_url" ? "png" : "webp",
        resize:
          field === "favicon_url"
            ? { width: 64, height: 64, fit: "cover" }
            : field === "logo_url"
              ? { width: 256, height: 256, fit: "inside" }
              : { width: 1920, height: 800, fit: "inside" },
      });
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      errors[field] =
        error.reason === "size"
          ? "admin.settings.errors.imageTooLarge"
          : "admin.settings.errors.imageType";
    }
  }
  const parsed = validateValues(form, values, siteSettingsSchema);
  if (!parsed.ok || Object.keys(errors).length > 0) {
    return actionError({
      fieldErrors: { ...(parsed.ok ? {} : parsed.failure.fieldErrors), ...errors },
      values: parsed.ok ? parsed.values : parsed.failure.values,
    });
  }
  const changed = await updateSettings(viewer.user.id, parsed.data);
  return actionOk({
    toast: { key: changed.length > 0 ? "admin.settings.saved" : "admin.settings.noChanges" },
  });
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const failure = failureOf(actionData);
  const errors: FieldErrors = failure?.fieldErrors ?? {};
  const values: Record<string, string> = { ...loaderData.settings, ...failure?.values };
  // A checkbox left unticked is absent from a refused form: that form, not the stored value, decides.
  const membersOnlyChecked = failure
    ? failure.values.members_only_reading === "on"
    : loaderData.settings.members_only_reading === "true";
  useActionToast(actionData);

  const imageField = (field: (typeof IMAGE_FIELDS)[number], label: string) => (
    <fieldset className="space-y-2 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <FormField
        label={t("admin.settings.imageUrl")}
        name={field}
        defaultValue={values[field]}
        error={errors[field]}
      />
      <div className="space-y-1">
        <label htmlFor={`${field}_file`} className="text-sm">
          {t("admin.settings.imageUpload")}
        </label>
        <input
          id={`${field}_file`}
          name={`${field}_file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="block w-full max-w-full text-sm"
        />
        <p className="text-xs text-muted-foreground">{t("admin.settings.imageHint")}</p>
      </div>
      {loaderData.previews[field] ? (
        <img
          src={loaderData.previews[field]}
          alt=""
          className="max-h-16 rounded border border-border"
        />
      ) : null}
    </fieldset>
  );

  return (
    <div className="max-w-3xl">
      <h2 className="text-2xl font-semibold">{t("admin.settings.title")}</h2>
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-8" noValidate>
        <section className="space-y-4">
          <h3 className="text-lg font-semibold">{t("admin.settings.identity")}</h3>
          <FormField
            label={t("admin.settings.siteName")}
            name="site_name"
            defaultValue={values.site_name}
            error={errors.site_name}
            required
          />
          <FormField
            label={t("admin.settings.siteDescription")}
            name="site_description"
            error={errors.site_description}
          >
            {({ id, describedBy }) => (
              <Textarea
                id={id}
                name="site_description"
                rows={3}
                defaultValue={values.site_description}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          {imageField("logo_url", t("admin.settings.logo"))}
          {imageField("favicon_url", t("admin.settings.favicon"))}
          {imageField("banner_url", t("admin.settings.banner"))}
        </section>
        <section className="space-y-3">
          <h3 className="text-lg font-semibold">{t("admin.settings.reading")}</h3>
          <label className="flex items-start gap-3 rounded-lg border border-border p-4">
            <input
              type="checkbox"
              name="members_only_reading"
              defaultChecked={membersOnlyChecked}
              className="mt-1"
              aria-describedby="members-only-hint"
            />
            <span>
              <span className="block font-medium">{t("admin.settings.membersOnly")}</span>
              <span id="members-only-hint" className="mt-1 block text-sm text-muted-foreground">
                {t("admin.settings.membersOnlyHint")}
              </span>
            </span>
          </label>
        </section>
        <section className="space-y-4">
          <h3 className="text-lg font-semibold">{t("admin.settings.colors")}</h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t("admin.settings.primaryColor")}
              name="primary_color"
              defaultValue={values.primary_color}
              error={errors.primary_color}
              hint={t("admin.settings.colorHint")}
            />
            <FormField
              label={t("admin.settings.secondaryColor")}
              name="secondary_color"
              defaultValue={values.secondary_color}
              error={errors.secondary_color}
              hint={t("admin.settings.colorHint")}
            />
          </div>
        </section>
        <section className="space-y-4">
          <h3 className="text-lg font-semibold">{t("admin.settings.company")}</h3>
          <FormField
            label={t("admin.settings.companyName")}
            name="company_name"
            defaultValue={values.company_name}
            error={errors.company_name}
          />
          <FormField
            label={t("admin.settings.companyAddress")}
            name="company_address"
            defaultValue={values.company_address}
            error={errors.company_address}
          />
          <FormField
            label={t("admin.settings.supportUrl")}
            name="support_url"
            defaultValue={values.support_url}
            error={errors.support_url}
            hint={t("admin.settings.supportHint")}
          />
          <FormField
            label={t("admin.settings.adminEmail")}
            name="admin_email"
            type="email"
            defaultValue={values.admin_email}
            error={errors.admin_email}
          />
        </section>
        <section className="space-y-4">
          <div>
            <h3 className="text-lg font-semibold">{t("admin.settings.partners")}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t("admin.settings.partnersHint")}</p>
          </div>
          {PARTNER_SLOTS.map(({ nameKey, urlKey }, i) => (
            <fieldset
              key={nameKey}
              className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[1fr_2fr]"
            >
              <legend className="px-1 text-sm font-medium">
                {t(i === 0 ? "admin.settings.partner1" : "admin.settings.partner2")}
              </legend>
              <FormField
                label={t("admin.settings.partnerName")}
                name={nameKey}
                defaultValue={values[nameKey]}
                error={errors[nameKey]}
              />
              <FormField
                label={t("admin.settings.partnerUrl")}
                name={urlKey}
                type="url"
                defaultValue={values[urlKey]}
                error={errors[urlKey]}
                hint={t("admin.settings.partnerUrlHint")}
              />
            </fieldset>
          ))}
        </section>
        <section className="space-y-4">
          <div>
            <h3 className="text-lg font-semibold">{t("admin.settings.oracles")}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t("admin.settings.oraclesHint")}</p>
          </div>
          <FormField
            label={t("admin.settings.masterName")}
            name="consultation_master_name"
            defaultValue={values.consultation_master_name}
            error={errors.consultation_master_name}
            maxLength={60}
          />
          {(
            [
              ["oracle_demon_url", "admin.settings.oracleDemon"],
              ["oracle_angelic_url", "admin.settings.oracleAngelic"],
              ["oracle_elenthos_url", "admin.settings.oracleElenthos"],
              ["tarot_reading_url", "admin.settings.tarotUrl"],
            ] as const
          ).map(([key, label]) => (
            <FormField
              key={key}
              label={t(label)}
              name={key}
              type="url"
              defaultValue={values[key]}
              error={errors[key]}
              hint={t("admin.settings.externalUrlHint")}
            />
          ))}
        </section>
        <section className="space-y-4">
          <div>
            <h3 className="text-lg font-semibold">{t("admin.settings.chat")}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{t("admin.settings.chatHint")}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {CHAT_LIMIT_KEYS.map((key) => (
              <FormField
                key={key}
                label={t(`admin.settings.chatLimits.${key}`)}
                name={key}
                type="number"
                inputMode="numeric"
                min={1}
                defaultValue={values[key]}
                error={errors[key]}
              />
            ))}
          </div>
          <FormField
            label={t("admin.settings.chatRetention")}
            name="chat_retention_days"
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            defaultValue={values.chat_retention_days}
            error={errors.chat_retention_days}
            hint={t("admin.settings.chatRetentionHint")}
          />
          <FormField
            label={t("admin.settings.analyticsRetention")}
            name="analytics_retention_days"
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            defaultValue={values.analytics_retention_days}
            error={errors.analytics_retention_days}
            hint={t("admin.settings.analyticsRetentionHint")}
          />
        </section>
        <Button type="submit" disabled={busy}>
          {busy ? t("common.saving") : t("common.save")}
        </Button>
      </Form>
    </div>
  );
}
