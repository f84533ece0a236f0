import { z } from "zod";
import { idSchema } from "#app/lib/ids";
import { CATALOGUES, SPIRIT_LIMITS, type Catalogue } from "./catalogues";

export const catalogueSchema = z.enum(
  CATALOGUES as unknown as [Catalogue, ...Catalogue[]],
  "spirits.errors.catalogue",
);

/** The admin's spirit form: powers typed one per line or separated by commas. */
export const spiritFieldsSchema = z.object({
  name: z
    .string("spirits.errors.nameRequired")
    .trim()
    .min(1, "spirits.errors.nameRequired")
    .max(SPIRIT_LIMITS.name, "spirits.errors.nameTooLong"),
  description: z
    .string()
    .trim()
    .max(SPIRIT_LIMITS.description, "spirits.errors.descriptionTooLong")
    .default(""),
  powers: z
    .string()
    .max(SPIRIT_LIMITS.powers * (SPIRIT_LIMITS.power + 2), "spirits.errors.powers")
    .default("")
    .transform((text) => [
      ...new Set(
        text
          .split(/[\n,]/)
          .map((p) => p.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((powers) => powers.length <= SPIRIT_LIMITS.powers, "spirits.errors.powers")
    .refine(
      (powers) => powers.every((p) => p.length <= SPIRIT_LIMITS.power),
      "spirits.errors.powers",
    ),
});
export type SpiritFields = z.output<typeof spiritFieldsSchema>;

export const spiritActionSchema = z.discriminatedUnion(
  "intent",
  [
    z
      .object({ intent: z.literal("create"), catalogue: catalogueSchema })
      .extend(spiritFieldsSchema.shape),
    z
      .object({ intent: z.literal("update"), catalogue: catalogueSchema, id: idSchema })
      .extend(spiritFieldsSchema.shape),
    z.object({ intent: z.literal("delete"), catalogue: catalogueSchema, id: idSchema }),
  ],
  "errors.badRequest",
);
