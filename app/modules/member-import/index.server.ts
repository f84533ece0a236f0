// The member import's server API for code outside the module (docs/ARCHITECTURE.md "Module entries").
// The task comes first: the job registry reads it while this entry may still be loading.
export { importTask, resumeStalledImport, runImport, IMPORT_QUEUE } from "./task.server";
export { processImportBatch, ImportJobNotFoundError, type ImportProgress } from "./process.server";
export { ImportFileError, startImport } from "./upload.server";
export { importErrorsCsv, importJob, listImportJobs } from "./views.server";
export type { ImportJobView } from "./types";
