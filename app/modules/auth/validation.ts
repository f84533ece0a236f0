import { z } from "zod";
import { displayNameField } from "#app/modules/profiles";
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, RESET_TOKEN_MAX } from "./limits";

// The account rules of the forms, better-auth's JSON endpoints (auth-guards.server.ts) and the
// command line. Messages are translation keys (see en.json "auth").
export { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, RESET_TOKEN_MAX, afterSignInPath } from "./limits";

const email = z
  .string("auth.errors.emailInvalid")
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, "auth.errors.emailInvalid")
  .pipe(z.email("auth.errors.emailInvalid"));
const password = z
  .string("auth.errors.passwordTooShort")
  .min(PASSWORD_MIN, "auth.errors.passwordTooShort")
  .max(PASSWORD_MAX, "auth.errors.passwordTooLong");
/** A password being checked rather than chosen: any length up to the maximum. */
const enteredPassword = z
  .string("auth.errors.passwordRequired")
  .min(1, "auth.errors.passwordRequired")
  .max(PASSWORD_MAX, "auth.errors.passwordTooLong");
const displayName = displayNameField({
  tooShort: "auth.errors.displayNameTooShort",
  tooLong: "auth.errors.displayNameTooLong",
  invalid: "auth.errors.displayNameInvalid",
});

export const signInSchema = z.object({ email, password: enteredPassword });

export const signUpSchema = z.object({ email, password, displayName });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z
      .string()
      .min(1, "auth.errors.resetInvalid")
      .max(RESET_TOKEN_MAX, "auth.errors.resetInvalid"),
    password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "auth.errors.passwordsDiffer",
    path: ["confirmPassword"],
  });

const callbackURL = z.string().max(2000, "errors.badRequest").optional();

/** The user row's fields as better-auth writes them, checked again whatever wrote them. */
export const userRowFields = z.object({ name: displayName.optional(), email: email.optional() });

/**
 * The bodies better-auth's endpoints accept from anyone, by endpoint path, checked before
 * better-auth sees them (auth-guards.server.ts), so a JSON call meets the forms' rules. Strict
 * where a field we do not use (an avatar URL on the user row) could be slipped in.
 */
export const authEndpointBodies: Record<string, z.ZodType<Record<string, unknown>>> = {
  "/sign-up/email": z.strictObject({
    email,
    password,
    name: displayName,
    callbackURL,
    rememberMe: z.boolean().optional(),
  }),
  "/sign-in/email": z.object({
    email,
    password: enteredPassword,
    callbackURL,
    rememberMe: z.boolean().optional(),
  }),
  "/update-user": z.strictObject({ name: displayName.optional() }),
  "/change-email": z.object({ newEmail: email, callbackURL }),
  "/change-password": z.object({
    currentPassword: enteredPassword,
    newPassword: password,
    revokeOtherSessions: z.boolean().optional(),
  }),
  "/request-password-reset": z.object({ email, redirectTo: callbackURL }),
  "/reset-password": z.object({
    token: z
      .string("auth.errors.resetInvalid")
      .min(1, "auth.errors.resetInvalid")
      .max(RESET_TOKEN_MAX, "auth.errors.resetInvalid")
      .optional(),
    newPassword: password,
  }),
};
