import type { TextsHandle } from "#app/i18n/bundles";
import { textsMiddleware } from "#app/i18n/client-i18n";

// `/content-management` (SPEC's header link) sits in the admin area: the same layout, its tab bar
// and its admins-only loader, under the address SPEC gives it.
export { default, loader, meta } from "../admin/layout";

export const handle = { texts: ["admin"] } satisfies TextsHandle;
export const clientMiddleware = [textsMiddleware(handle)];
