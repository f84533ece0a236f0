import { z } from "zod";
import { sameSitePath } from "#app/lib/safe-redirect";
import { LANDING_LIMITS, type LandingContent } from "./landing";

/**
 * The landing editor's form: the title (the hero's heading), `subtitle`, `comparison` (a
 * checkbox), and numbered slots `section{i}Heading` / `section{i}Body` and `cta{i}Label` /
 * `cta{i}Path`. An empty slot is dropped; a half-filled one is an error beside its field. Each
 * field has its own error, so the flat names are the schema's keys.
 */
const text = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, tooLong));

const shape: Record<string, z.ZodType> = {
  title: z
    .string({ error: "admin.pages.errors.titleRequired" })
    .trim()
    .min(2, "admin.pages.errors.titleRequired")
    .max(120, "admin.pages.errors.titleTooLong"),
  subtitle: text(LANDING_LIMITS.subtitle, "admin.landing.errors.subtitleTooLong"),
  comparison: z
    .string()
    .optional()
    .transform((value) => value === "on"),
};
for (let i = 0; i < LANDING_LIMITS.sections; i++) {
  shape[`section${i}Heading`] = text(LANDING_LIMITS.heading, "admin.landing.errors.headingTooLong");
  shape[`section${i}Body`] = text(LANDING_LIMITS.body, "admin.landing.errors.bodyTooLong");
}
for (let i = 0; i < LANDING_LIMITS.ctas; i++) {
  shape[`cta${i}Label`] = text(LANDING_LIMITS.label, "admin.landing.errors.labelTooLong");
  shape[`cta${i}Path`] = text(LANDING_LIMITS.path, "admin.landing.errors.pathTooLong");
}

export interface LandingForm {
  title: string;
  content: LandingContent;
}

export const landingSchema = z
  .object(shape)
  .superRefine((raw, ctx) => {
    const values = raw as Record<string, string>;
    let sections = 0;
    for (let i = 0; i < LANDING_LIMITS.sections; i++) {
      const heading = values[`section${i}Heading`];
      const body = values[`section${i}Body`];
      if (heading && !body)
        ctx.addIssue({
          code: "custom",
          path: [`section${i}Body`],
          message: "admin.landing.errors.bodyRequired",
        });
      if (body && !heading)
        ctx.addIssue({
          code: "custom",
          path: [`section${i}Heading`],
          message: "admin.landing.errors.headingRequired",
        });
      if (heading || body) sections++;
    }
    if (sections === 0)
      ctx.addIssue({
        code: "custom",
        path: ["section0Heading"],
        message: "admin.landing.errors.sectionRequired",
      });
    for (let i = 0; i < LANDING_LIMITS.ctas; i++) {
      const label = values[`cta${i}Label`];
      const path = values[`cta${i}Path`];
      if (path && !label)
        ctx.addIssue({
          code: "custom",
          path: [`cta${i}Label`],
          message: "admin.landing.errors.labelRequired",
        });
      if (label && !path)
        ctx.addIssue({
          code: "custom",
          path: [`cta${i}Path`],
          message: "admin.landing.errors.pathRequired",
        });
      // Same rules as a redirect to request data: one leading slash, no other origin, no
      // control or invisible characters, and the path exactly as the URL parser writes it.
      else if (path && sameSitePath(path) !== path)
        ctx.addIssue({
          code: "custom",
          path: [`cta${i}Path`],
          message: "admin.landing.errors.pathInvalid",
        });
    }
  })
  .transform((raw): LandingForm => {
    const values = raw as Record<string, string> & { comparison: boolean };
    const sections = [];
    for (let i = 0; i < LANDING_LIMITS.sections; i++) {
      const heading = values[`section${i}Heading`];
      const body = values[`section${i}Body`];
      if (heading && body) sections.push({ heading, body });
    }
    const ctas = [];
    for (let i = 0; i < LANDING_LIMITS.ctas; i++) {
      const label = values[`cta${i}Label`];
      const path = values[`cta${i}Path`];
      if (label && path) ctas.push({ label, path });
    }
    return {
      title: values.title ?? "",
      content: { subtitle: values.subtitle ?? "", sections, ctas, comparison: values.comparison },
    };
  });
