/**
 * An RFC 4180 CSV reader: comma-separated fields, fields in double quotes may hold commas,
 * line breaks and doubled quotes; records end with CRLF or LF (a lone CR too). A byte-order mark
 * is dropped and blank lines are skipped. Used by the import screen's preview in the browser and
 * by the server for the whole file, so both read a file the same way.
 */
export type CsvProblem = "unclosedQuote" | "strayQuote" | "tooManyRows";

export type CsvResult =
  { ok: true; records: string[][] } | { ok: false; problem: CsvProblem; line: number };

export function parseCsv(text: string, options: { maxRecords?: number } = {}): CsvResult {
  const maxRecords = options.maxRecords ?? Number.POSITIVE_INFINITY;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  /** The field started with a quote and it was closed: only a separator may follow. */
  let closed = false;
  let line = 1;
  let fieldStarted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endRecord = (): boolean => {
    record.push(field);
    // An empty line is skipped; a line holding "" is a record with one empty field.
    const blank = record.length === 1 && record[0] === "" && !closed;
    field = "";
    closed = false;
    fieldStarted = false;
    if (!blank) {
      if (records.length >= maxRecords) return false;
      records.push(record);
    }
    record = [];
    return true;
  };

  for (; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        if (char === "\n") line++;
        field += char;
      }
      continue;
    }
    if (char === ",") {
      record.push(field);
      field = "";
      closed = false;
      fieldStarted = false;
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      if (!endRecord()) return { ok: false, problem: "tooManyRows", line };
      line++;
    } else if (char === '"') {
      if (fieldStarted || closed) return { ok: false, problem: "strayQuote", line };
      quoted = true;
      fieldStarted = true;
    } else {
      if (closed) return { ok: false, problem: "strayQuote", line };
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) return { ok: false, problem: "unclosedQuote", line };
  if ((fieldStarted || closed || record.length > 0) && !endRecord())
    return { ok: false, problem: "tooManyRows", line };
  return { ok: true, records };
}
