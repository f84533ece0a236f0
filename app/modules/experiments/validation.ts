import { z } from "zod";
import { EXPERIMENT_IDS, EXPERIMENT_STATUSES } from "./policy";

export const EXPERIMENT_NAME_MAX = 120;
export const EXPERIMENT_DESCRIPTION_MAX = 1000;
export const VARIANT_NAME_MAX = 80;
export const VARIANT_DESCRIPTION_MAX = 300;
const KEYS = ["A", "B", "C"] as const;

const testId = z.enum(EXPERIMENT_IDS as [string, ...string[]], { error: "errors.badRequest" });
const text = (max: number, required: boolean) =>
  z
    .string({ error: "errors.badRequest" })
    .trim()
    .max(max, { error: "admin.abTests.errors.tooLong" })
    .refine((v) => !required || v.length > 0, { error: "admin.abTests.errors.required" });
const weight = z
  .string({ error: "errors.badRequest" })
  .regex(/^\d{1,3}$/, { error: "admin.abTests.errors.weight" })
  .transform(Number)
  .refine((n) => n >= 0 && n <= 100, { error: "admin.abTests.errors.weight" });

/** The edit form of one test: its texts, start, status and each variant's name and weight. */
export const experimentEditSchema = z
  .object({
    intent: z.literal("edit"),
    testId,
    name: text(EXPERIMENT_NAME_MAX, true),
    description: text(EXPERIMENT_DESCRIPTION_MAX, false),
    startDate: z
      .string({ error: "errors.badRequest" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "admin.abTests.errors.date" })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), {
        error: "admin.abTests.errors.date",
      }),
    status: z.enum(EXPERIMENT_STATUSES, { error: "errors.badRequest" }),
    nameA: text(VARIANT_NAME_MAX, true).optional(),
    descriptionA: text(VARIANT_DESCRIPTION_MAX, false).optional(),
    weightA: weight.optional(),
    nameB: text(VARIANT_NAME_MAX, true).optional(),
    descriptionB: text(VARIANT_DESCRIPTION_MAX, false).optional(),
    weightB: weight.optional(),
    nameC: text(VARIANT_NAME_MAX, true).optional(),
    descriptionC: text(VARIANT_DESCRIPTION_MAX, false).optional(),
    weightC: weight.optional(),
  })
  .transform((input) => {
    const values: Record<string, string | number | undefined> = input;
    const variants = KEYS.filter((k) => values[`weight${k}`] !== undefined).map((k) => ({
      key: k,
      name: String(values[`name${k}`] ?? ""),
      description: String(values[`description${k}`] ?? ""),
      weight: Number(values[`weight${k}`]),
    }));
    return {
      intent: "edit" as const,
      testId: input.testId,
      name: input.name,
      description: input.description,
      startDate: new Date(`${input.startDate}T00:00:00Z`),
      status: input.status,
      variants,
    };
  })
  .superRefine((input, ctx) => {
    if (input.variants.reduce((s, v) => s + v.weight, 0) !== 100)
      ctx.addIssue({
        code: "custom",
        path: ["weights"],
        message: "admin.abTests.errors.weightsSum",
      });
  });

/** Stopping a test, or shipping one variant to everyone. */
export const experimentStopSchema = z.object({ intent: z.literal("stop"), testId });
export const experimentShipSchema = z.object({
  intent: z.literal("ship"),
  testId,
  variant: z.enum(KEYS, { error: "errors.badRequest" }),
});
export const experimentActionSchema = z.union([
  experimentEditSchema,
  experimentStopSchema,
  experimentShipSchema,
]);
