import { data } from "react-router";
import { actionError } from "#app/lib/form";
import { requirePremium, type Viewer } from "#app/modules/auth/index.server";
import { storeImage, uploadedImage } from "#app/modules/profiles/index.server";
import { CovenRefusedError, type CovenRefusal } from "./covens.server";
import { canUseCovens } from "./policy";
import { COVEN_BANNER, COVEN_LIMITS } from "./validation";

/**
 * The covens pages are premium (SPEC §2): a guest or free member gets the Premium gate (403)
 * with SPEC's text for covens. `canUseCovens` (policy.ts) is the rule; the gate is its answer.
 */
export async function requireCovens(request: Request): Promise<Viewer> {
  const viewer = await requirePremium(request, "covens.premiumFallback");
  if (!canUseCovens(viewer.actor))
    throw data({ kind: "premium", fallback: "covens.premiumFallback" }, { status: 403 });
  return viewer;
}

/** A coven the viewer may not see: the plain not-found page, never a hint that it exists. */
export function covenNotFound(): never {
  throw data(null, { status: 404 });
}

const REFUSAL_STATUS: Partial<Record<CovenRefusal, number>> = {
  notFound: 404,
  invitationInvalid: 404,
  notAllowed: 403,
  signIn: 403,
  premiumRequired: 403,
  banned: 403,
  invitationRequired: 403,
  limitRange: 400,
  limitBelowMembers: 400,
};

/** The action's answer to a refused command: its translated reason, 409 unless said above. */
export function refusalAnswer(error: CovenRefusedError, values: Record<string, string> = {}) {
  return actionError(
    { formError: `covens.refusals.${error.reason}`, values },
    REFUSAL_STATUS[error.reason] ?? 409,
  );
}

/** A coven's banner: re-encoded by sharp, cropped to a wide 1200 × 400. */
export function storeCovenBanner(file: File): Promise<string> {
  return storeImage(file, {
    folder: "covens",
    maxBytes: COVEN_LIMITS.bannerBytes,
    resize: { width: COVEN_BANNER.width, height: COVEN_BANNER.height, fit: "cover" },
  });
}

/** The banner a form sent: its stored path, none, or the translation key of why it was refused. */
export function uploadedBanner(
  form: FormData,
): Promise<{ url: string | null } | { error: string }> {
  return uploadedImage(form, "banner", storeCovenBanner, {
    size: "covens.errors.bannerTooLarge",
    type: "covens.errors.bannerType",
  });
}
