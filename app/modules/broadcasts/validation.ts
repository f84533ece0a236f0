import { z } from "zod";
import { LOCALE_CODES } from "#app/i18n/locales";
import { idSchema } from "#app/lib/ids";
import { ACTIVE_DAYS_MAX, BODY_MAX, SUBJECT_MAX } from "./limits";
import { AUDIENCE_KINDS, type Audience, type AudienceKind } from "./types";

/*
 * The one shape of a broadcast's input, shared by the admin form, the JSON an API would take and
 * the tests: bad input of any kind is refused with a translated message (a 400), never a 500.
 */

const locale = z.enum(LOCALE_CODES as [string, ...string[]], "admin.broadcast.errors.language");
const subject = z
  .string("admin.broadcast.errors.subjectRequired")
  .trim()
  .min(1, "admin.broadcast.errors.subjectRequired")
  .max(SUBJECT_MAX, "admin.broadcast.errors.subjectTooLong");
const body = z
  .string("admin.broadcast.errors.bodyRequired")
  .trim()
  .min(1, "admin.broadcast.errors.bodyRequired")
  .max(BODY_MAX, "admin.broadcast.errors.bodyTooLong");
/** A checkbox: present ("on") when ticked. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

export const composeSchema = z
  .object({
    subject,
    body,
    audience: z.enum(
      AUDIENCE_KINDS as [AudienceKind, ...AudienceKind[]],
      "admin.broadcast.errors.audience",
    ),
    covenId: z.string().optional(),
    language: z.string().optional(),
    days: z.string().optional(),
    inApp: checkbox,
    email: checkbox,
  })
  .transform((input, ctx) => {
    const audience = audienceOf(input, ctx);
    if (!input.inApp && !input.email)
      ctx.addIssue({ code: "custom", path: ["inApp"], message: "admin.broadcast.errors.channel" });
    return {
      subject: input.subject,
      body: input.body,
      audience: audience ?? ({ kind: "everyone" } as Audience),
      channels: { inApp: input.inApp, email: input.email },
    };
  });

function audienceOf(
  input: { audience: AudienceKind; covenId?: string; language?: string; days?: string },
  ctx: z.RefinementCtx,
): Audience | null {
  switch (input.audience) {
    case "coven": {
      const id = idSchema.safeParse(input.covenId);
      if (id.success) return { kind: "coven", covenId: id.data };
      ctx.addIssue({ code: "custom", path: ["covenId"], message: "admin.broadcast.errors.coven" });
      return null;
    }
    case "language": {
      const language = locale.safeParse(input.language);
      if (language.success) return { kind: "language", language: language.data };
      ctx.addIssue({
        code: "custom",
        path: ["language"],
        message: "admin.broadcast.errors.language",
      });
      return null;
    }
    case "active": {
      const days = z.coerce
        .number()
        .int()
        .min(1)
        .max(ACTIVE_DAYS_MAX)
        .safeParse(input.days?.trim() || undefined);
      if (days.success) return { kind: "active", days: days.data };
      ctx.addIssue({ code: "custom", path: ["days"], message: "admin.broadcast.errors.days" });
      return null;
    }
    default:
      return { kind: input.audience };
  }
}

export type ComposeInput = z.output<typeof composeSchema>;

export const translationSchema = z.object({ language: locale, subject, body });
export type TranslationInput = z.output<typeof translationSchema>;

export const removeTranslationSchema = z.object({ language: locale });

/** The ?preview= of the compose page: a language, or the text as written. */
export const previewLanguageSchema = z.union([z.literal(""), locale]).catch("");

export { idSchema };
