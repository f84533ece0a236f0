import { eq, inArray } from "drizzle-orm";
import { db } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/index.server";
import {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type PublicSettings,
  type SettingKey,
} from "./defaults";
import { siteSettings } from "./schema";

/**
 * The settings browsers may see: only rows marked is_public, over the defaults of public keys.
 * `favicon_version` is the favicon's last update time, for cache busting.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const rows = await db()
    .select({
      key: siteSettings.settingKey,
      value: siteSettings.settingValue,
      updatedAt: siteSettings.updatedAt,
    })
    .from(siteSettings)
    .where(eq(siteSettings.isPublic, true));
  const result = Object.fromEntries(
    SETTING_KEYS.filter((key) => SETTING_DEFINITIONS[key].isPublic).map((key) => [
      key,
      SETTING_DEFINITIONS[key].default,
    ]),
  ) as PublicSettings;
  for (const row of rows) {
    result[row.key] = row.value;
    if (row.key === "favicon_url") result.favicon_version = String(row.updatedAt.getTime());
  }
  return result;
}

/** Every known setting with its current value (admin screens only). */
export async function getAllSettings(): Promise<Record<SettingKey, string>> {
  const rows = await db()
    .select()
    .from(siteSettings)
    .where(inArray(siteSettings.settingKey, SETTING_KEYS));
  const result = Object.fromEntries(
    SETTING_KEYS.map((k) => [k, SETTING_DEFINITIONS[k].default]),
  ) as Record<SettingKey, string>;
  for (const row of rows) result[row.settingKey as SettingKey] = row.settingValue;
  return result;
}

/** Saves changed settings and writes one audit row listing what changed, in one transaction. */
export async function updateSettings(
  actorId: string,
  values: Partial<Record<SettingKey, string>>,
): Promise<string[]> {
  const before = await getAllSettings();
  const changed = (Object.keys(values) as SettingKey[]).filter(
    (k) => values[k] !== undefined && values[k] !== before[k],
  );
  if (changed.length === 0) return [];
  const now = new Date();
  await db().transaction(async (tx) => {
    for (const key of changed) {
      await tx
        .insert(siteSettings)
        .values({
          settingKey: key,
          settingValue: values[key]!,
          isPublic: SETTING_DEFINITIONS[key].isPublic,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: siteSettings.settingKey,
          set: {
            settingValue: values[key]!,
            isPublic: SETTING_DEFINITIONS[key].isPublic,
            updatedAt: now,
          },
        });
    }
    await recordAudit(tx, {
      actorId,
      action: "settings.update",
      targetType: "site_settings",
      targetId: null,
      details: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: values[k] }])),
    });
  });
  return changed;
}
