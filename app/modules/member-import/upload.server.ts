import { db, type Db } from "#app/db/client.server";
import { firstRow } from "#app/db/rows";
import { recordAudit } from "#app/modules/audit/index.server";
import { parseCsv, type CsvProblem } from "./csv";
import { queueImportRun } from "./task.server";
import { importJobs, importRows } from "./schema";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  guessMapping,
  mappingSchema,
  REQUIRED_FIELDS,
  type ColumnMapping,
} from "./validation";

/** Why an uploaded file was refused: a translation key and its values, answered with a 400/413. */
export class ImportFileError extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly status = 400,
  ) {
    super(messageKey);
  }
}

const CSV_PROBLEM_KEYS: Record<CsvProblem, string> = {
  unclosedQuote: "admin.import.errors.unclosedQuote",
  strayQuote: "admin.import.errors.strayQuote",
  tooManyRows: "admin.import.errors.tooManyRows",
};

/** The file's text: UTF-8 only, so a spreadsheet's binary format is refused, not misread. */
export function decodeImportFile(bytes: Uint8Array): string {
  if (bytes.byteLength > IMPORT_MAX_BYTES)
    throw new ImportFileError(
      "admin.import.errors.tooLarge",
      { megabytes: IMPORT_MAX_BYTES / 1024 / 1024 },
      413,
    );
  if (bytes.byteLength === 0) throw new ImportFileError("admin.import.errors.empty");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError("admin.import.errors.notText");
  }
  if (text.includes("\u0000")) throw new ImportFileError("admin.import.errors.notText");
  return text;
}

/** The header and data records of a file, or the refusal. */
export function readImportFile(text: string): { headers: string[]; records: string[][] } {
  // One more than the limit, so a file with too many rows is told so rather than cut.
  const parsed = parseCsv(text, { maxRecords: IMPORT_MAX_ROWS + 1 });
  if (!parsed.ok)
    throw new ImportFileError(CSV_PROBLEM_KEYS[parsed.problem], {
      line: parsed.line,
      max: IMPORT_MAX_ROWS,
    });
  const [headers, ...records] = parsed.records;
  if (!headers || records.length === 0) throw new ImportFileError("admin.import.errors.empty");
  return { headers, records };
}

/** The mapping form fields checked against the header: the first problem is the refusal. */
export function readMapping(fields: Record<string, unknown>, columnCount: number): ColumnMapping {
  const parsed = mappingSchema(columnCount).safeParse(fields);
  if (!parsed.success)
    throw new ImportFileError(parsed.error.issues[0]?.message ?? "admin.import.errors.mapping");
  return parsed.data;
}

function guessedMapping(headers: string[]): ColumnMapping {
  const mapping = guessMapping(headers);
  if (REQUIRED_FIELDS.some((field) => mapping[field] === null))
    throw new ImportFileError("admin.import.errors.mappingRequired");
  return mapping;
}

const STAGE_CHUNK = 1000;

/**
 * Stages an uploaded file's rows as `import_rows` under a new pending job and sends the job that
 * works it, all in one transaction: the admin's request only parses and stores; checking and
 * creating accounts happen in the job, 100 rows per batch.
 */
export async function startImport(input: {
  actorId: string;
  fileName: string;
  bytes: Uint8Array;
  fields: Record<string, unknown>;
}): Promise<string> {
  const { headers, records } = readImportFile(decodeImportFile(input.bytes));
  // Without the screen's script there are no mapping fields: the header's names decide.
  const mapping = Object.values(input.fields).every(
    (value) => value === undefined || value === null,
  )
    ? guessedMapping(headers)
    : readMapping(input.fields, headers.length);
  const cell = (record: string[], column: number | null) =>
    column === null ? "" : (record[column] ?? "");
  const fileName = input.fileName.slice(0, 200) || "members.csv";
  return db().transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const job = firstRow(
      await tx
        .insert(importJobs)
        .values({ createdBy: input.actorId, fileName, totalRows: records.length })
        .returning({ id: importJobs.id }),
      "the new import job",
    );
    for (let start = 0; start < records.length; start += STAGE_CHUNK) {
      await tx.insert(importRows).values(
        records.slice(start, start + STAGE_CHUNK).map((record, offset) => {
          const email = cell(record, mapping.email);
          return {
            jobId: job.id,
            position: start + offset + 1,
            // The header is the spreadsheet's row 1.
            line: start + offset + 2,
            email,
            emailKey: email.trim().toLowerCase(),
            displayName: cell(record, mapping.displayName),
            tier: cell(record, mapping.tier),
            language: cell(record, mapping.language),
          };
        }),
      );
    }
    await recordAudit(handle, {
      actorId: input.actorId,
      action: "member.import",
      targetType: "import_job",
      targetId: job.id,
      details: { fileName, rows: records.length },
    });
    await queueImportRun(handle, job.id);
    return job.id;
  });
}
