import { z } from "zod";
import { safeRedirect } from "#app/lib/safe-redirect";

// Limits shared by the forms and the server. Messages are translation keys (see en.json "auth").
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DISPLAY_NAME_MAX = 60;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email("auth.errors.emailInvalid"));
const password = z
  .string()
  .min(PASSWORD_MIN, "auth.errors.passwordTooShort")
  .max(PASSWORD_MAX, "auth.errors.passwordTooLong");

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "auth.errors.passwordRequired").max(PASSWORD_MAX),
});

export const signUpSchema = z.object({
  email,
  password,
  displayName: z
    .string()
    .trim()
    .min(2, "auth.errors.displayNameTooShort")
    .max(DISPLAY_NAME_MAX, "auth.errors.displayNameTooLong"),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "auth.errors.resetInvalid"),
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "auth.errors.passwordsDiffer",
    path: ["confirmPassword"],
  });

/**
 * Where to go after signing in or up: the requested same-site path (see safeRedirect), but never
 * back to the sign-in screen or an API address, which would loop or show raw data.
 */
export function afterSignInPath(target: unknown, fallback = "/dashboard"): string {
  const path = safeRedirect(target, fallback);
  return /^\/(?:auth|api)(?:[/?#]|$)/.test(path) ? fallback : path;
}
