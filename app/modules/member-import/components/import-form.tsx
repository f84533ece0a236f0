import { useState, type ChangeEvent } from "react";
import { Form } from "react-router";
import { useTranslation } from "#app/i18n/react";
import { textKey } from "#app/i18n/i18n";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Label } from "#app/components/ui/label";
import { Select } from "#app/components/ui/select";
import { parseCsv } from "../csv";
import {
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  REQUIRED_FIELDS,
  type ColumnMapping,
  type ImportField,
} from "../validation";

interface Preview {
  headers: string[];
  rows: string[][];
  count: number;
}

const FIELD_LABELS = {
  email: "admin.import.fields.email",
  displayName: "admin.import.fields.displayName",
  tier: "admin.import.fields.tier",
  language: "admin.import.fields.language",
} as const satisfies Record<ImportField, string>;

/**
 * The upload form: the chosen file is read in the browser for a preview of its first rows and
 * the column mapping; the server reads the whole file again with the same parser and rules.
 */
export function ImportForm({ error, busy }: { error?: string; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [problem, setProblem] = useState<{ key: string; line?: number } | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const limits = {
    megabytes: IMPORT_MAX_BYTES / 1024 / 1024,
    max: number.format(IMPORT_MAX_ROWS),
  };

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setPreview(null);
    setMapping(null);
    setProblem(null);
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) return setProblem({ key: "admin.import.errors.tooLarge" });
    const parsed = parseCsv(await file.text(), { maxRecords: IMPORT_MAX_ROWS + 1 });
    if (!parsed.ok)
      return setProblem({ key: `admin.import.errors.${parsed.problem}`, line: parsed.line });
    const [headers, ...rows] = parsed.records;
    if (!headers || rows.length === 0) return setProblem({ key: "admin.import.errors.empty" });
    setPreview({ headers, rows: rows.slice(0, IMPORT_PREVIEW_ROWS), count: rows.length });
    setMapping(guessMapping(headers));
  }

  const shown = problem ?? (error ? { key: error } : null);
  const missing = mapping ? REQUIRED_FIELDS.some((field) => mapping[field] === null) : false;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6" noValidate>
      <div className="space-y-2">
        <Label htmlFor="import-file">{t("admin.import.file")}</Label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          onChange={(event) => void choose(event)}
          aria-invalid={shown ? true : undefined}
          aria-describedby="import-file-hint import-file-error"
          className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-2 file:text-sm"
        />
        <p id="import-file-hint" className="text-sm text-muted-foreground">
          {t("admin.import.fileHint", limits)}
        </p>
        <FieldError
          id="import-file-error"
          message={
            shown
              ? [
                  t(textKey(shown.key), limits),
                  shown.line ? t("admin.import.errors.atLine", { line: shown.line }) : "",
                ].join(" ")
              : null
          }
        />
      </div>

      {preview && mapping ? (
        <>
          <section aria-labelledby="import-preview-title" className="space-y-2">
            <h3 id="import-preview-title" className="text-lg font-semibold">
              {t("admin.import.preview")}
            </h3>
            <p className="text-sm text-muted-foreground" data-testid="import-row-count">
              {t("admin.import.rowCount", { formatted: number.format(preview.count) })}
            </p>
            <div className="overflow-x-auto rounded-xl border border-border">
              <table className="w-full text-sm" data-testid="import-preview">
                <thead className="bg-muted/50">
                  <tr>
                    {preview.headers.map((header, index) => (
                      <th
                        key={index}
                        scope="col"
                        className="px-3 py-2 text-start font-medium whitespace-nowrap"
                      >
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, rowIndex) => (
                    <tr key={rowIndex} className="border-t border-border">
                      {preview.headers.map((_, index) => (
                        <td key={index} className="px-3 py-2 whitespace-nowrap">
                          {row[index] ?? ""}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold">{t("admin.import.mapping")}</legend>
            <p className="text-sm text-muted-foreground">{t("admin.import.mappingText")}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {IMPORT_FIELDS.map((field) => (
                <div key={field} className="space-y-1">
                  <Label htmlFor={`map-${field}`}>
                    {t(FIELD_LABELS[field])}
                    {REQUIRED_FIELDS.includes(field) ? ` (${t("admin.import.required")})` : ""}
                  </Label>
                  <Select
                    id={`map-${field}`}
                    name={`map.${field}`}
                    value={mapping[field] === null ? "" : String(mapping[field])}
                    onChange={(event) =>
                      setMapping({
                        ...mapping,
                        [field]: event.target.value === "" ? null : Number(event.target.value),
                      })
                    }
                  >
                    <option value="">{t("admin.import.notInFile")}</option>
                    {preview.headers.map((header, index) => (
                      <option key={index} value={index}>
                        {header || t("admin.import.column", { number: index + 1 })}
                      </option>
                    ))}
                  </Select>
                </div>
              ))}
            </div>
            {missing ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {t("admin.import.errors.mappingRequired")}
              </p>
            ) : null}
          </fieldset>
        </>
      ) : null}

      <Button type="submit" disabled={busy || missing || problem !== null}>
        {busy ? t("admin.import.starting") : t("admin.import.start")}
      </Button>
    </Form>
  );
}
