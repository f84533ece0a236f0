import { z } from "zod";

// The member import's limits and rules, shared by the upload form, the route and the job
// (docs/ARCHITECTURE.md "Member import"). Messages are translation keys (en.json admin.import).

/**
 * The largest file accepted: a 50,000-row file of long addresses and names is about 6 MB, and the
 * request (file + form) stays within the 8 MB any non-streamed body may hold in memory.
 */
export const IMPORT_MAX_BYTES = 7 * 1024 * 1024;
/** The most data rows one file may hold. */
export const IMPORT_MAX_ROWS = 50_000;
/** Rows handled per batch, each batch one transaction (SPEC §7). */
export const IMPORT_BATCH_SIZE = 100;
/** Data rows shown in the upload preview. */
export const IMPORT_PREVIEW_ROWS = 5;

/** The member fields a column can be mapped to; e-mail and display name are required. */
export const IMPORT_FIELDS = ["email", "displayName", "tier", "language"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_FIELDS: readonly ImportField[] = ["email", "displayName"];

/** Which column (0-based) holds each field; null: not in the file. */
export type ColumnMapping = Record<ImportField, number | null>;

/** Header spellings recognised for each field (lower-cased, spaces and punctuation removed). */
const HEADER_NAMES: Record<ImportField, string[]> = {
  email: ["email", "emailaddress", "mail", "e-mail"],
  displayName: ["displayname", "name", "fullname", "username"],
  tier: ["tier", "membership", "plan", "subscriptiontier"],
  language: ["language", "lang", "locale"],
};

const normalHeader = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

/** The mapping the screen proposes from the header row. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping = { email: null, displayName: null, tier: null, language: null } as ColumnMapping;
  for (const field of IMPORT_FIELDS) {
    const index = headers.findIndex((header) =>
      HEADER_NAMES[field].map(normalHeader).includes(normalHeader(header)),
    );
    mapping[field] = index >= 0 ? index : null;
  }
  return mapping;
}

/** The mapping form fields `map.<field>`: a column number or "" for none. */
export function mappingSchema(columnCount: number) {
  const column = z.union([
    z.literal("").transform(() => null),
    z.coerce
      .number("admin.import.errors.mapping")
      .int("admin.import.errors.mapping")
      .min(0, "admin.import.errors.mapping")
      .max(columnCount - 1, "admin.import.errors.mapping"),
  ]);
  return z
    .object({
      email: column.default(null),
      displayName: column.default(null),
      tier: column.default(null),
      language: column.default(null),
    })
    .refine((mapping) => REQUIRED_FIELDS.every((field) => mapping[field] !== null), {
      message: "admin.import.errors.mappingRequired",
    })
    .refine(
      (mapping) => {
        const used = IMPORT_FIELDS.map((field) => mapping[field]).filter((c) => c !== null);
        return new Set(used).size === used.length;
      },
      { message: "admin.import.errors.mappingTwice" },
    );
}
