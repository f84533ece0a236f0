import type { TFunction } from "#app/i18n/i18n";
import { useTranslation } from "#app/i18n/react";
import { useRootData } from "#app/root";
import { SETTING_DEFINITIONS } from "./defaults";

/**
 * The site description: the admin's own text when they wrote one, else the product's default
 * description in the reader's language.
 */
export function siteDescription(stored: string | undefined, t: TFunction): string {
  return !stored || stored === SETTING_DEFINITIONS.site_description.default
    ? t("home.defaultDescription")
    : stored;
}

export function useSiteDescription(): string {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return siteDescription(settings.site_description, t);
}
