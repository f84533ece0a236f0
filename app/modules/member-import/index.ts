// The member import's browser-safe API (docs/ARCHITECTURE.md "Module entries").
export { parseCsv, type CsvResult } from "./csv";
export type { ImportJobView } from "./types";
